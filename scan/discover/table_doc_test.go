package discover

import (
	"os"
	"strings"
	"testing"
)

// TestDocsNameEveryTableLine: docs/rules.md ("Which files are read") names
// every line of the discovery table, so the list a reader audits is the list
// the code reads.
func TestDocsNameEveryTableLine(t *testing.T) {
	b, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, "### Which files are read")
	j := strings.Index(doc, "### What counts as auto-run")
	if i < 0 || j < i {
		t.Fatal("docs/rules.md has no \"Which files are read\" section")
	}
	doc = strings.ToLower(doc[i:j])
	for name := range byName {
		if !strings.Contains(doc, "`"+name+"`") {
			t.Errorf("docs/rules.md does not name %s", name)
		}
	}
	for p := range inFolder {
		if !strings.Contains(doc, "`"+p+"`") && !strings.Contains(doc, "`"+p+"` ") {
			t.Errorf("docs/rules.md does not name %s", p)
		}
	}
	for _, f := range folders {
		if !strings.Contains(doc, "`"+f.dir+"/") {
			t.Errorf("docs/rules.md does not name the folder %s", f.dir)
		}
	}
}
