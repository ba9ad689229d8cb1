// Command gendoc writes the discovery table (scan/discover) into
// docs/rules.md between its markers. Run it with `go generate
// ./scan/discover`.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

func main() {
	doc := flag.String("doc", "docs/rules.md", "the document to rewrite")
	flag.Parse()
	b, err := os.ReadFile(*doc)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendoc:", err)
		os.Exit(1)
	}
	out, err := discover.ReplaceDocTable(string(b), discover.DocTable())
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendoc: "+*doc+": ", err)
		os.Exit(1)
	}
	if out == string(b) {
		return
	}
	if err := os.WriteFile(*doc, []byte(out), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gendoc:", err)
		os.Exit(1)
	}
}
