package agentcfg

import (
	"testing"

	"github.com/tailscale/hujson"
)

// TestLitStringFastPath: the shortcut for strings without escapes gives
// what hujson (encoding/json) decodes.
func TestLitStringFastPath(t *testing.T) {
	for _, lit := range []string{`""`, `"plain"`, `"a\"b"`, `"tab\there"`, `"\u00e9t\u00e9"`, `"été ✓ 🏴"`, "\"bad \xff utf8\"", `"a\\b"`, `"\u2028"`, "\"\u2028\""} {
		v, err := hujson.Parse([]byte(lit))
		if err != nil {
			continue // not a literal hujson accepts
		}
		got, ok := litString(v.Value)
		want := v.Value.(hujson.Literal).String()
		if !ok || got != want {
			t.Errorf("litString(%s) = %q, %v; want %q", lit, got, ok, want)
		}
	}
}
