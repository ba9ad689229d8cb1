package lock

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHomeStores pins what the two stores kept under SENTINEL_HOME (trusted
// keys and approvals given on this machine) write and say when they fail, so
// that both keep their file format and their error messages.
func TestHomeStores(t *testing.T) {
	entry := EntryOf(formatHook)
	stores := []struct {
		name string
		file string
		// open opens the store in home and returns what saves one record.
		open  func(home string) (save func() error, err error)
		want  string // the file after one save
		saved string // what a failed save says it could not save
		msgs  []string
	}{
		{
			name:  "trusted keys",
			file:  pinFileName,
			saved: "the trusted key",
			open: func(home string) (func() error, error) {
				p, err := OpenPins(home)
				return func() error { return p.Pin("/repo", "SHA256:abc", now) }, err
			},
			want: "{\n  \"format\": 1,\n  \"repos\": {\n    \"/repo\": {\n      \"fingerprint\": \"SHA256:abc\",\n      \"since\": \"2026-11-30T12:00:00Z\"\n    }\n  }\n}\n",
			msgs: []string{
				"cannot read the trusted keys in %[1]s: read %[1]s: is a directory; check its permissions or set SENTINEL_HOME",
				"the trusted keys file %[1]s is damaged; fix or delete it (every key will then be trusted on first use again)",
				"cannot create %[2]s to remember the trusted key: mkdir %[2]s: not a directory; set SENTINEL_HOME to a writable folder",
				"the trusted keys file %[1]s was written by a newer Sentinel (format 2); upgrade Sentinel, or delete it (every key will then be trusted on first use again)",
			},
		},
		{
			name:  "approvals",
			file:  localApprovalsFile,
			saved: "your approvals",
			open: func(home string) (func() error, error) {
				la, err := OpenLocalApprovals(home)
				return func() error { return la.Record("/repo", []Entry{entry}, now) }, err
			},
			want: "{\n  \"format\": 1,\n  \"repos\": {\n    \"/repo\": [\n      {\n        \"key\": " + quoteJSON(entry.Key()) + ",\n        \"sha256\": \"" + h64('1') + "\",\n        \"at\": \"2026-11-30T12:00:00Z\"\n      }\n    ]\n  }\n}\n",
			msgs: []string{
				"cannot read your approvals in %[1]s: read %[1]s: is a directory; check its permissions or set SENTINEL_HOME",
				"your approvals file %[1]s is damaged; fix or delete it (Sentinel will then ask again)",
				"cannot create %[2]s to remember your approvals: mkdir %[2]s: not a directory; set SENTINEL_HOME to a writable folder",
				"your approvals file %[1]s was written by a newer Sentinel (format 2); upgrade Sentinel, or delete it (Sentinel will then ask again)",
			},
		},
	}
	for _, s := range stores {
		t.Run(s.name, func(t *testing.T) {
			check := func(err error, i int, path, dir string) {
				t.Helper()
				want := strings.ReplaceAll(strings.ReplaceAll(s.msgs[i], "%[1]s", path), "%[2]s", dir)
				if err == nil || err.Error() != want {
					t.Fatalf("error = %v\nwant    %s", err, want)
				}
			}

			home := t.TempDir()
			path := filepath.Join(home, s.file)
			save, err := s.open(home)
			if err != nil {
				t.Fatalf("a missing store is not empty: %v", err)
			}
			if err := save(); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil || string(b) != s.want {
				t.Fatalf("saved store:\n%s\nwant\n%s (%v)", b, s.want, err)
			}
			if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
				t.Fatalf("mode %v, want 0600", st.Mode().Perm())
			}
			if _, err := s.open(home); err != nil {
				t.Fatalf("reopen: %v", err)
			}
			// A store without "repos" is empty; with "repos": null it is damaged.
			for body, ok := range map[string]bool{`{"format":1}`: true, `{"format":1,"repos":null}`: false, `not json`: false, `[]`: false} {
				os.WriteFile(path, []byte(body), 0o600)
				if _, err := s.open(home); ok && err != nil {
					t.Fatalf("%s: %v", body, err)
				} else if !ok {
					check(err, 1, path, "")
				}
			}

			// A newer layout is not read as this one (nor saved over).
			os.WriteFile(path, []byte(`{"format":2,"repos":{}}`), 0o600)
			_, err = s.open(home)
			check(err, 3, path, "")

			unreadable := t.TempDir()
			os.Mkdir(filepath.Join(unreadable, s.file), 0o700)
			_, err = s.open(unreadable)
			check(err, 0, filepath.Join(unreadable, s.file), "")

			// The home folder becomes a file after the store was opened.
			blocked := filepath.Join(t.TempDir(), "home")
			if save, err = s.open(blocked); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(blocked, nil, 0o600)
			check(save(), 2, "", blocked)

			// The store's own path becomes a folder after it was opened.
			taken := t.TempDir()
			if save, err = s.open(taken); err != nil {
				t.Fatal(err)
			}
			taken = filepath.Join(taken, s.file)
			os.Mkdir(taken, 0o700)
			os.WriteFile(filepath.Join(taken, "x"), nil, 0o600)
			err = save()
			if pre := fmt.Sprintf("cannot save %s in %s: ", s.saved, taken); err == nil || !strings.HasPrefix(err.Error(), pre) ||
				!strings.HasSuffix(err.Error(), "; set SENTINEL_HOME to a writable folder") {
				t.Fatalf("error = %v, want %q...", err, pre)
			}
		})
	}
}

func quoteJSON(s string) string {
	return `"` + strings.ReplaceAll(s, "\x00", `\u0000`) + `"`
}
