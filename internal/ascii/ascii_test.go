package ascii

import "testing"

func TestHasFoldPrefix(t *testing.T) {
	for _, c := range []struct {
		s, w string
		want bool
	}{
		{"RUN it", "run", true},
		{"Exec", "exec", true},
		{"ru", "run", false},
		{"rxn", "run", false},
		{"", "", true},
		{"invoke-WebRequest", "invoke-", true},
	} {
		if got := HasFoldPrefix(c.s, c.w); got != c.want {
			t.Errorf("HasFoldPrefix(%q, %q) = %v, want %v", c.s, c.w, got, c.want)
		}
	}
}

func TestClosingQuote(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{`"a b" c`, 4},
		{`"a \"b\" c" d`, 10},
		{`"a\\" b`, 4},
		{`"never closed`, -1},
		{`"ends in a backslash\`, -1},
		{`""`, 1},
		{`"`, -1},
		{``, -1},
	} {
		if got := ClosingQuote(c.s); got != c.want {
			t.Errorf("ClosingQuote(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}
