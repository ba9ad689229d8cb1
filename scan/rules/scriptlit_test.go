package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// reScriptLit is the expression scriptLitIndex replaces, kept as its
// reference.
var reScriptLit = regexp.MustCompile("(?:^|[\\s'\"`(=,])((?:\\./|\\.\\./)?[\\w.-]+(?:/[\\w.-]+)*\\.(?:sh|bash|py|js|mjs|cjs|ts|rb|pl))(?:$|[\\s'\"`);,])")

// scriptLitCases are texts at the edges of reScriptLit: the start and the
// end of the text, a boundary the previous match consumed, the shapes a
// path may not have, extensions that only begin like one, bytes outside
// ASCII.
var scriptLitCases = []string{
	"", ".", ".sh", "a.sh", " a.sh", "a.sh ", "(a.sh)", "=a.sh,", "x=a.sh;b.sh",
	"a.sh b.sh", "a.sh  b.sh", "'a.sh' 'b.sh'", "\"a.sh\",\"b.sh\"",
	"run(\"tools/x.py\")", "./a.sh", "../a.sh", "../../x/y.js", "/abs/a.sh",
	"a//b.sh", "a/.sh", "./.sh", "..sh", "...py", "a/..py", "x.shell", "x.sh.py",
	"x.py.sh\n", "x.mjs x.cjs x.ts x.rb x.pl x.bash", "x.jsx", "x.sh\x00",
	"x.sh\v", "\va.sh", "\fa.sh\r", "é a.sh é", "a\xffb.sh", "\xff a.sh",
	"a.sh)b.sh", "a-b_c.D.sh", "A/B-1/c.PY", "c.Py", "x:a.sh", "x(a.sh(",
	"subprocess.run([\"bash\", \"scripts/setup.sh\"])\nexecSync('node tools/x.js')\n",
	"# see a.sh\n# and b.py and c.sh\n",
}

func TestScriptLitIndexMatchesExpression(t *testing.T) {
	for _, s := range scriptLitCases {
		if got, want := scriptLitIndex(s), reScriptLit.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %v, want %v", s, got, want)
		}
	}
}

// TestScriptLitIndexCorpus holds scriptLitIndex to the expression over
// every file of the shared corpus, scripts and the rest.
func TestScriptLitIndexCorpus(t *testing.T) {
	root := corpus.WildOrSkip(t)
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := string(b)
		if got, want := scriptLitIndex(s), reScriptLit.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, want %v", p, got, want)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 1000 {
		t.Fatalf("only %d corpus files read", n)
	}
}

func FuzzScriptLitIndex(f *testing.F) {
	for _, s := range scriptLitCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := scriptLitIndex(s), reScriptLit.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: got %v, want %v", s, got, want)
		}
	})
}
