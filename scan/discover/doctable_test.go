package discover

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestDocTableIsGenerated: the table in docs/rules.md ("Which files are
// read") is exactly what DocTable renders from the discovery table: a line
// added to the code and not to the document fails, and so does a line of
// the document the code does not have.
func TestDocTableIsGenerated(t *testing.T) {
	b, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	missing, extra, order, err := docTableDiff(string(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range missing {
		t.Errorf("the discovery table has a line docs/rules.md lacks (run go generate ./scan/discover):\n%s", l)
	}
	for _, l := range extra {
		t.Errorf("docs/rules.md has a line the discovery table does not (run go generate ./scan/discover):\n%s", l)
	}
	if order {
		t.Error("docs/rules.md holds the discovery table's lines in another order; run go generate ./scan/discover")
	}
}

// docTableDiff compares the generated table in doc with DocTable: the
// lines only the code has, the lines only the document has, and whether
// the same lines stand in another order.
func docTableDiff(doc string) (missing, extra []string, order bool, err error) {
	i, j := strings.Index(doc, DocBegin), strings.Index(doc, DocEnd)
	if i < 0 || j < i {
		return nil, nil, false, errors.New("docs/rules.md has no generated discovery table; put the markers back and run go generate ./scan/discover")
	}
	got := strings.Split(strings.TrimSpace(doc[i+len(DocBegin):j]), "\n")
	want := strings.Split(strings.TrimSpace(DocTable()), "\n")
	inDoc, inCode := map[string]bool{}, map[string]bool{}
	for _, l := range got {
		inDoc[l] = true
	}
	for _, l := range want {
		inCode[l] = true
		if !inDoc[l] {
			missing = append(missing, l)
		}
	}
	for _, l := range got {
		if !inCode[l] {
			extra = append(extra, l)
		}
	}
	order = len(missing) == 0 && len(extra) == 0 && strings.Join(got, "\n") != strings.Join(want, "\n")
	return missing, extra, order, nil
}

// TestDocTableDiffBothWays: a row dropped from the document, a row the
// code does not have, and rows swapped are each caught.
func TestDocTableDiffBothWays(t *testing.T) {
	table := strings.Split(strings.TrimSpace(DocTable()), "\n")
	doc := func(lines []string) string { return DocBegin + "\n" + strings.Join(lines, "\n") + "\n" + DocEnd }
	if m, e, o, err := docTableDiff(doc(table)); err != nil || len(m)+len(e) != 0 || o {
		t.Fatalf("the generated table itself differs: %v %v %t %v", m, e, o, err)
	}
	dropped := append(append([]string{}, table[:5]...), table[6:]...)
	if m, _, _, _ := docTableDiff(doc(dropped)); len(m) != 1 || m[0] != table[5] {
		t.Errorf("a dropped row was not caught: %v", m)
	}
	added := append(append([]string{}, table...), "| `.made/up.json` | Nobody | instructions | JSON | x | none |")
	if _, e, _, _ := docTableDiff(doc(added)); len(e) != 1 {
		t.Errorf("a row the code lacks was not caught: %v", e)
	}
	swapped := append([]string{}, table...)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	if _, _, o, _ := docTableDiff(doc(swapped)); !o {
		t.Error("swapped rows were not caught")
	}
	if _, _, _, err := docTableDiff("no markers"); err == nil {
		t.Error("a document without markers was accepted")
	}
}

// TestReplaceDocTable: the generator rewrites only what lies between the
// markers, and refuses a document without them.
func TestReplaceDocTable(t *testing.T) {
	doc := "a\n" + DocBegin + "\nold\n" + DocEnd + "\nb\n"
	out, err := ReplaceDocTable(doc, "new\n")
	if err != nil || out != "a\n"+DocBegin+"\nnew\n"+DocEnd+"\nb\n" {
		t.Fatalf("%q %v", out, err)
	}
	if _, err := ReplaceDocTable("no markers", "x"); err == nil {
		t.Fatal("a document without markers was accepted")
	}
}

// TestEveryKindDocumented: each kind the table reads has its format, what
// it can do and its parser in kindDocs.
func TestEveryKindDocumented(t *testing.T) {
	check := func(where string, e entry) {
		if _, ok := kindDocs[e.kind]; !ok {
			t.Errorf("%s: kind %s has no kindDocs line", where, e.kind)
		}
		if strings.TrimSpace(e.src) == "" {
			t.Errorf("%s: no source it was confirmed against (write \"unconfirmed\" if there is none)", where)
		}
	}
	for k, e := range byName {
		check(k, e)
	}
	for k, e := range inFolder {
		check(k, e)
	}
	for _, f := range folders {
		check(f.dir+" "+f.ext, f.entry)
	}
	for _, s := range special {
		check(s.pattern, s.entry)
	}
}

// TestSpecialRowsClassify: each special row's example path is read as the
// row says, so the documented rule is the code's.
func TestSpecialRowsClassify(t *testing.T) {
	for _, s := range special {
		if s.example == "" {
			continue
		}
		kind, tool, ok := Classify(s.example)
		if !ok || kind != s.kind || tool != s.tool {
			t.Errorf("%s: Classify(%q) = %q %q %t, want %q %q", s.pattern, s.example, kind, tool, ok, s.kind, s.tool)
		}
	}
}
