package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A token in a file name, a placement or any other string of an answer never
// leaves the server.
func TestAnswersAreRedactedWhole(t *testing.T) {
	const token = "ghp_Zq3xV7bN2mK9pL4wR8tY1uI6oE5aS0dF3gH7"
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	body, _ := json.Marshal(map[string]any{"files": map[string]string{
		"docs/" + token + "/CLAUDE.md": "Keep functions small.",
		".claude/settings.json":        `{"env": {"X": "` + token + `"}}`,
	}})
	resp, err := http.Post(srv.URL+"/scan/bundle", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, buf.String())
	}
	if strings.Contains(buf.String(), token) || strings.Contains(buf.String(), token[8:]) {
		t.Errorf("the token left the server:\n%s", buf.String())
	}
}
