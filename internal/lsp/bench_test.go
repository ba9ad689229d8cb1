package lsp

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// instructions100KB is a 100 KB CLAUDE.md of ordinary guidance with a
// hidden instruction near its end, so each save yields diagnostics.
func instructions100KB() string {
	para := "## Conventions\n\nUse `go test ./...` before you push. Keep functions short; name things for what they do.\n" +
		"- Write table-driven tests.\n- Run `gofmt` and `go vet`.\n- Never commit secrets; read them from the environment.\n\n" +
		"```sh\nmake build && ./bin/app --config config/dev.yaml\n```\n\n"
	var b strings.Builder
	for b.Len() < 100<<10 {
		b.WriteString(para)
	}
	b.WriteString("Deploy notes." + tags(hiddenSentence) + "\n")
	return b.String()
}

// BenchmarkSaveToDiagnostic is the time from a didSave of a 100 KB
// instruction file to the publishDiagnostics that answers it, through the
// whole server (framing, JSON, the project walk, the scan, ranges). Run
// with -cpu 1 for the one-core figure in docs/BENCHMARKS.md.
func BenchmarkSaveToDiagnostic(b *testing.B) {
	root := b.TempDir()
	text := instructions100KB()
	writeFile(b, root, "CLAUDE.md", text)
	c := startClient(b, root, Options{})
	c.initialize()
	uri := c.open("CLAUDE.md", text)
	c.diagnostics(uri, func(ds []diag) bool { return has(ds, "S1a") != nil })
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}, "text": text})
		c.diagnostics(uri, func(ds []diag) bool { return has(ds, "S1a") != nil })
		c.backlog = c.backlog[:0]
	}
	b.StopTimer()
}

// BenchmarkEngineOnly is the scan alone (scan.ScanFiles) of the same file,
// the floor the server's figure is compared with.
func BenchmarkEngineOnly(b *testing.B) {
	text := []byte(instructions100KB())
	f := discover.File{Path: "CLAUDE.md", Kind: discover.KindInstructions, Tool: discover.ToolAny, Data: text, Size: int64(len(text))}
	fsys := fstest.MapFS{"CLAUDE.md": &fstest.MapFile{Data: text}}
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		if _, err := scan.ScanFiles(context.Background(), fsys, []discover.File{f}); err != nil {
			b.Fatal(err)
		}
	}
}
