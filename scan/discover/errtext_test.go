package discover

import (
	"io/fs"
	"strings"
	"testing"
)

// TestErrTextPermission: a permission error reads right for a folder as
// well as a file ("cannot list this folder: permission denied; check the
// file's permissions" said file about a folder).
func TestErrTextPermission(t *testing.T) {
	got := "cannot list this folder: " + errText(&fs.PathError{Op: "open", Path: "sub", Err: fs.ErrPermission})
	if want := "cannot list this folder: permission denied; check its permissions"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if strings.Contains(got, "file") {
		t.Errorf("a folder's notice calls it a file: %q", got)
	}
}
