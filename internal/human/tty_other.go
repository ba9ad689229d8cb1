//go:build !unix

package human

import (
	"errors"
	"io"
	"os"
)

// console reads the console's input and writes to its screen.
type console struct{ in, out *os.File }

func (c console) Read(p []byte) (int, error)  { return c.in.Read(p) }
func (c console) Write(p []byte) (int, error) { return c.out.Write(p) }
func (c console) Close() error                { return errors.Join(c.in.Close(), c.out.Close()) }

// openTTY opens the console, which standard input redirected by an agent
// does not change.
func openTTY() (io.ReadWriteCloser, error) {
	in, err := os.OpenFile("CONIN$", os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	out, err := os.OpenFile("CONOUT$", os.O_RDWR, 0)
	if err != nil {
		in.Close()
		return nil, err
	}
	return console{in, out}, nil
}
