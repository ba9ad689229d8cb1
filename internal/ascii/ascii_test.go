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
