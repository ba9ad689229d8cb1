// Command sentinel scans the files AI coding agents obey and guards the
// agent while it runs. All behaviour lives in internal/cli.
package main

import (
	"os"

	"github.com/sentinel-sec/sentinel/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
