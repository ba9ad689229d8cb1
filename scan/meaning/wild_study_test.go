package meaning

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWildStudy(t *testing.T) {
	if os.Getenv("MEANING_WILD") == "" {
		t.Skip("study only")
	}
	n, hit := 0, 0
	filepath.WalkDir("../../../shared/corpus/wild", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b := filepath.Base(p)
		if !(b == "CLAUDE.md" || b == "AGENTS.md" || b == "GEMINI.md" || strings.HasSuffix(b, ".mdc") || b == "copilot-instructions.md" || b == "SKILL.md" || strings.Contains(p, "/commands/") && strings.HasSuffix(b, ".md")) {
			return nil
		}
		n++
		data, _ := os.ReadFile(p)
		ok, rs := flagged(string(data))
		if ok {
			hit++
			for _, r := range rs {
				t.Logf("%s:%d %s %.3f [%v] %.160q", strings.TrimPrefix(p, "../../../shared/corpus/wild/"), r.Unit.Line, r.Frame.Intent, r.Score, r.Frame.Part(""), r.Unit.Text)
			}
		}
		return nil
	})
	t.Logf("%d/%d files", hit, n)
}
