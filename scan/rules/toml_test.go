package rules

import (
	"strings"
	"testing"
)

func sp(n int) string { return strings.Repeat(" ", n) }

func TestTOMLStringsAsText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"prompt = \"Do it\"\n", sp(10) + "Do it.\n"},
		{"description = 'Deploy'\r\n", sp(15) + "Deploy.\r\n"},
		{"prompt = \"\"\"Do it\"\"\"\n", sp(12) + "Do it.  \n"},
		{"prompt = '''\nRun X = 5 \"now\"\n'''\nnext = 1\n", "            \nRun X = 5 \"now\"\n.  \nnext = 1\n"},
		{"# comment = \"x\"\n[table]\nkey.sub = \"v\"\n", "# comment = \"x\"\n[table]\n" + sp(11) + "v.\n"},
		{"args = [\"a\", \"b\"]\n", "args = [\"a\", \"b\"]\n"},
		{"unterminated = \"x\n", "unterminated = \"x\n"},
	}
	for _, tt := range tests {
		got := string(tomlStringsAsText([]byte(tt.in)))
		if got != tt.want {
			t.Errorf("tomlStringsAsText(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if len(got) != len(tt.in) {
			t.Errorf("%q: length changed", tt.in)
		}
	}
}

func FuzzTOMLStringsAsText(f *testing.F) {
	for _, s := range []string{"prompt = \"\"\"x\"\"\"", "a = 'b'\nc = '''\nd\n'''", "= \"", "k = \"\"\"", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := tomlStringsAsText([]byte(s))
		if len(got) != len(s) {
			t.Fatalf("%q: length %d, want %d", s, len(got), len(s))
		}
		for i := range got {
			if (got[i] == '\n') != (s[i] == '\n') {
				t.Fatalf("%q: a line break moved at %d", s, i)
			}
		}
	})
}
