package mcpgate

import (
	"encoding/json"
	"fmt"
	"strings"
)

// DescriptionScanner looks for instructions aimed at the model in the text a
// tool shows it (its description and the descriptions in its schemas). It
// returns one sentence per finding; none means clean.
type DescriptionScanner interface {
	ScanDescription(text string) []string
}

// ScannerFunc adapts a function to DescriptionScanner.
type ScannerFunc func(text string) []string

// ScanDescription calls f.
func (f ScannerFunc) ScanDescription(text string) []string { return f(text) }

// HiddenTextScanner finds characters a person cannot see but a model reads:
// zero-width characters, bidirectional controls and Unicode tag characters.
// It is the gate's floor; the scan engine's prose rules are layered on top.
var HiddenTextScanner = ScannerFunc(func(text string) []string {
	counts := map[string]int{}
	for _, r := range text {
		switch {
		case r >= 0x200B && r <= 0x200F, r >= 0x2060 && r <= 0x2064, r == 0xFEFF, r == 0x180E:
			counts["zero-width characters"]++
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			counts["bidirectional control characters"]++
		case r >= 0xE0000 && r <= 0xE007F:
			counts["Unicode tag characters (invisible ASCII)"]++
		}
	}
	var out []string
	for _, k := range []string{"zero-width characters", "bidirectional control characters", "Unicode tag characters (invisible ASCII)"} {
		if n := counts[k]; n > 0 {
			out = append(out, fmt.Sprintf("the description hides %d %s", n, k))
		}
	}
	return out
})

// MultiScanner runs several scanners and joins their findings.
func MultiScanner(s ...DescriptionScanner) DescriptionScanner {
	return ScannerFunc(func(text string) []string {
		var out []string
		for _, sc := range s {
			if sc != nil {
				out = append(out, sc.ScanDescription(text)...)
			}
		}
		return out
	})
}

// toolText gathers the text a model reads from a tool definition: title,
// description, and every "description" and "title" string in its schemas.
func toolText(def json.RawMessage) string {
	var v any
	if json.Unmarshal(def, &v) != nil {
		return ""
	}
	var b strings.Builder
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > maxDepth {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			for _, k := range []string{"title", "description"} {
				if s, ok := t[k].(string); ok {
					b.WriteString(s)
					b.WriteString("\n\n")
				}
			}
			for k, c := range t {
				if k == "title" || k == "description" {
					continue
				}
				walk(c, depth+1)
			}
		case []any:
			for _, c := range t {
				walk(c, depth+1)
			}
		}
	}
	walk(v, 0)
	return b.String()
}
