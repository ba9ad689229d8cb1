// Command hookonly runs the same hook handler as `sentinel hook claude`, in a
// binary that links only the hook and guard/blast packages. The benchmark
// uses it to separate the gate's own cost from the start-up cost of
// everything else linked into sentinel (package initialisers).
package main

import (
	"os"

	"github.com/sentinel-sec/sentinel/guard/blast"
	"github.com/sentinel-sec/sentinel/hook"
)

func main() {
	h := &hook.Handler{Getenv: os.Getenv}
	if dir, err := blast.StateDir(os.Getenv); err != nil {
		h.StoreErr = err
	} else {
		h.Store = blast.NewStore(dir)
		h.SentinelDirs = []string{dir}
	}
	r := h.Handle(hook.Claude, os.Stdin)
	os.Stdout.Write(r.Stdout)
	os.Stderr.WriteString(r.Stderr)
	os.Exit(r.ExitCode)
}
