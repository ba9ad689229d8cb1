package hook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/guard/blast"
)

func benchHandle(b *testing.B, payload func(i int) string) {
	h := &Handler{Store: blast.NewStore(b.TempDir())}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		h.Handle(Claude, strings.NewReader(payload(i)))
	}
}

func BenchmarkHandleRead(b *testing.B) {
	p := `{"session_id":"s","cwd":"/repo","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/repo/src/app.ts"}}`
	benchHandle(b, func(int) string { return p })
}

func BenchmarkHandleOrdinaryWrite(b *testing.B) {
	p := `{"session_id":"s","cwd":"/repo","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/repo/src/app.ts","content":"export {}"}}`
	benchHandle(b, func(int) string { return p })
}

func BenchmarkHandleDenyNewSession(b *testing.B) {
	benchHandle(b, func(i int) string {
		return fmt.Sprintf(`{"session_id":"s%d","cwd":"/repo","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo x > migrations/0042.sql"}}`, i)
	})
}

func BenchmarkHandleRepeat(b *testing.B) {
	p := `{"session_id":"same","cwd":"/repo","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/repo/migrations/0042.sql","content":"x"}}`
	benchHandle(b, func(int) string { return p })
}
