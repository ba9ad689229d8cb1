package discover

import "testing"

// TestClassifyWindowsPaths: paths as an agent or editor on Windows names
// them are classified as their slash forms, on every OS; near misses stay
// unclassified.
func TestClassifyWindowsPaths(t *testing.T) {
	tests := []struct {
		path string
		kind Kind
		ok   bool
	}{
		{`.claude\settings.json`, KindSettings, true},
		{`.Claude\Settings.JSON`, KindSettings, true},
		{`.CLAUDE\settings.local.json`, KindSettings, true},
		{`pkg\sub\CLAUDE.md`, KindInstructions, true},
		{`.github\copilot-instructions.md`, KindInstructions, true},
		{`.GitHub\Instructions\go.instructions.md`, KindInstructions, true},
		{`.cursor\rules\x.mdc`, KindCursorRule, true},
		{`.Cursor/Rules\x.mdc`, KindCursorRule, true},
		{`.vscode\tasks.json`, KindTasks, true},
		{`.gemini\settings.json`, KindSettings, true},
		{`src\main.go`, "", false},
		{`docs\claude.txt`, "", false},
		{`.claude\settings.json.bak`, "", false},
	}
	for _, tt := range tests {
		kind, _, ok := Classify(tt.path)
		if ok != tt.ok || tt.kind != "" && kind != tt.kind {
			t.Errorf("Classify(%q) = %q %v, want %q %v", tt.path, kind, ok, tt.kind, tt.ok)
		}
		// The slash form is the reference: both spellings agree.
		slash := []byte(tt.path)
		for i, c := range slash {
			if c == '\\' {
				slash[i] = '/'
			}
		}
		k2, t2, ok2 := Classify(string(slash))
		k1, t1, ok1 := Classify(tt.path)
		if k1 != k2 || t1 != t2 || ok1 != ok2 {
			t.Errorf("Classify(%q) = %q %q %v, but the slash form gives %q %q %v", tt.path, k1, t1, ok1, k2, t2, ok2)
		}
	}
}
