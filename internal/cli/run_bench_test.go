package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// BenchmarkGateScan measures the gate's own work in process, on a real
// repository from ../shared/corpus/wild: a full scan, and a start whose
// CLEAN verdict is remembered (stat calls only). The whole-process figures,
// start-up included, come from bench/gate.sh.
func BenchmarkGateScan(b *testing.B) {
	dir := filepath.Join(corpus.WildOrSkip(b), "microsoft__agent-framework")
	if _, err := os.Stat(dir); err != nil {
		b.Skipf("%s is absent; the gate benchmark needs this real repository", dir)
	}
	b.Chdir(dir)
	for _, tc := range []struct {
		name    string
		noCache bool
	}{{"full", true}, {"cached", false}} {
		b.Run(tc.name, func(b *testing.B) {
			home := b.TempDir()
			app := &App{Stdin: &bytes.Buffer{}, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
				Getenv: func(k string) string {
					if k == "SENTINEL_HOME" {
						return home
					}
					return ""
				}}
			g := &gate{app: app, noCache: tc.noCache}
			cmd := newRunCmd(app)
			if _, _, err := g.scan(cmd); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, _, err := g.scan(cmd); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
