package hook

import (
	"os"
	"path/filepath"
	"syscall"

	"github.com/sentinel-sec/sentinel/guard/blast"
)

// longName is p with the 8.3 short names of its existing folders and file
// written out in full (`C:\Users\RUNNER~1\x` is `C:\Users\runneradmin\x`),
// as GetLongPathName gives them; the part that does not exist yet is kept as
// written. p itself when it has no short name or the name cannot be asked.
// A short name left in the result is judged by the gate as one
// (blast.ReasonShortName).
func longName(p string) string {
	if !filepath.IsAbs(p) || !blast.HasShortName(p) {
		return p
	}
	a, rest := filepath.Clean(p), ""
	for {
		if _, err := os.Lstat(a); err == nil {
			break
		}
		parent := filepath.Dir(a)
		if parent == a {
			return p
		}
		rest = filepath.Join(filepath.Base(a), rest)
		a = parent
	}
	in, err := syscall.UTF16PtrFromString(a)
	if err != nil {
		return p
	}
	buf := make([]uint16, 512)
	for {
		n, err := syscall.GetLongPathName(in, &buf[0], uint32(len(buf)))
		if err != nil || n == 0 {
			return p
		}
		if int(n) <= len(buf) {
			long := syscall.UTF16ToString(buf[:n])
			if rest == "" {
				return long
			}
			return filepath.Join(long, rest)
		}
		buf = make([]uint16, n)
	}
}
