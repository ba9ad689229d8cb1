// Command sentinel scans the files AI coding agents obey and guards the
// agent while it runs. All behaviour lives in internal/cli.
package main

import (
	"os"

	"github.com/sentinel-sec/sentinel/internal/cli"
	"github.com/sentinel-sec/sentinel/internal/wall"
)

func main() {
	// The write wall's set-up process (started by `sentinel run` inside new
	// namespaces) is not a command anyone types: it skips the CLI.
	if len(os.Args) > 1 && os.Args[1] == wall.InitArg {
		wall.Init()
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
