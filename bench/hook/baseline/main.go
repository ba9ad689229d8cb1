// Command baseline is the floor the hook benchmark compares against: a bare
// Go program that reads its stdin and prints {}.
package main

import (
	"io"
	"os"
)

func main() {
	io.Copy(io.Discard, os.Stdin)
	os.Stdout.WriteString("{}\n")
}
