// Package golden compares what a test produced with a file under testdata/,
// or rewrites the file when the test runs with its package's update flag.
package golden

import (
	"os"
	"path/filepath"
	"strings"
)

// T is the part of testing.TB that Check uses.
type T interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Errorf(format string, args ...any)
}

// Check compares got with the file at path; with update it writes got
// there instead. A difference fails the test, naming the first line that
// differs; rewrite says how to update the file on purpose.
func Check(tb T, path string, got []byte, update bool, rewrite string) {
	tb.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
			return
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v; %s to create it", err, rewrite)
		return
	}
	if string(want) == string(got) {
		return
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			tb.Errorf("%s differs at line %d:\nwant %s\ngot  %s\n(if the change is meant, %s and review the diff)", path, i+1, w, g, rewrite)
			return
		}
	}
}
