package agentcfg

import (
	"strings"
	"testing"
)

// The nesting check reads strings and comments as hujson does, so a quote
// in a comment cannot hide deep nesting after it, and brackets in a
// comment do not count.
func TestDepthSkipsStringsAndComments(t *testing.T) {
	deep := strings.Repeat("[", 10000)
	cases := []struct {
		src  string
		want int
	}{
		{`{"a": [1, {"b": 2}]}`, 3},
		{`{"a": "[[[[{{{{"}`, 1},
		{`{"a": "x\"[[["}`, 1},
		{"{// a comment with a quote \" and [[[\n\"a\": [1]}", 2},
		{"{/* \" [[[ */ \"a\": [1]}", 2},
		{"// \"\n" + deep, 10000},
		{"/* \" */" + deep, 10000},
		{"/* never closed [[[", 0},
	}
	for _, c := range cases {
		if got := depth([]byte(c.src)); got != c.want {
			t.Errorf("depth(%.40q) = %d, want %d", c.src, got, c.want)
		}
	}
}

func TestDeepNestingAfterACommentIsRefused(t *testing.T) {
	src := "{\n// a note with a \" quote\n\"hooks\": " + strings.Repeat("[", 200000) + "\n}"
	if _, err := parseJSON([]byte(src)); err == nil {
		t.Fatal("a config nested 200,000 deep after a comment holding a quote was parsed; want it refused")
	}
}
