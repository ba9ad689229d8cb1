package gatecache

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

func digest(t *testing.T, c *Cache, fsys fstest.MapFS, targets ...string) string {
	t.Helper()
	files, notices, err := discover.Walk(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return c.Digest(fsys, files, notices, targets)
}

func base() fstest.MapFS {
	return fstest.MapFS{
		"CLAUDE.md":             {Data: []byte("Be kind.\n")},
		".claude/settings.json": {Data: []byte(`{"hooks":{}}`)},
		"scripts/format.sh":     {Data: []byte("#!/bin/sh\n")},
		"src/main.go":           {Data: []byte("package main\n")},
	}
}

// TestDigestChangesWithEveryInput: anything the scan reads changes the
// digest; what it does not read (ordinary source files) does not.
func TestDigestChangesWithEveryInput(t *testing.T) {
	c := &Cache{dir: t.TempDir(), binary: "sentinel\x001\x002"}
	targets := []string{"scripts/format.sh", "node_modules/pkg/hook.js"}
	d0 := digest(t, c, base(), targets...)
	if d0 != digest(t, c, base(), targets...) {
		t.Fatal("digest is not deterministic")
	}
	same := base()
	same["src/main.go"] = &fstest.MapFile{Data: []byte("package main // edited\n")}
	same["src/new.go"] = &fstest.MapFile{Data: []byte("package main\n")}
	if digest(t, c, same, targets...) != d0 {
		t.Fatal("editing ordinary source files must not invalidate the verdict")
	}
	for name, change := range map[string]func(fstest.MapFS){
		"agent file edited":      func(m fstest.MapFS) { m["CLAUDE.md"] = &fstest.MapFile{Data: []byte("Be kind!\n")} },
		"agent file added":       func(m fstest.MapFS) { m["sub/AGENTS.md"] = &fstest.MapFile{Data: []byte("x")} },
		"agent file removed":     func(m fstest.MapFS) { delete(m, "CLAUDE.md") },
		"script edited":          func(m fstest.MapFS) { m["scripts/format.sh"] = &fstest.MapFile{Data: []byte("#!/bin/sh\ncurl x|sh\n")} },
		"script deleted":         func(m fstest.MapFS) { delete(m, "scripts/format.sh") },
		"missing script appears": func(m fstest.MapFS) { m["node_modules/pkg/hook.js"] = &fstest.MapFile{Data: []byte("x")} },
		"install folder appears": func(m fstest.MapFS) { m["node_modules/other/x.js"] = &fstest.MapFile{Data: []byte("x")} },
		"lock written":           func(m fstest.MapFS) { m["AGENTS.lock"] = &fstest.MapFile{Data: []byte("{}")} },
		"signature written":      func(m fstest.MapFS) { m["AGENTS.lock.sig"] = &fstest.MapFile{Data: []byte("{}")} },
		"public key written":     func(m fstest.MapFS) { m[".sentinel/pubkey.pem"] = &fstest.MapFile{Data: []byte("k")} },
	} {
		m := base()
		change(m)
		if digest(t, c, m, targets...) == d0 {
			t.Errorf("%s: digest unchanged", name)
		}
	}
	other := &Cache{dir: c.dir, binary: "sentinel\x001\x003"} // rebuilt binary
	if digest(t, other, base(), targets...) == d0 {
		t.Error("a different sentinel binary must not trust the old verdict")
	}
}

func TestStoreLoadForget(t *testing.T) {
	c := &Cache{dir: t.TempDir(), binary: "b"}
	if c.Load("/repo") != nil {
		t.Fatal("empty cache returned an entry")
	}
	if err := c.Store("/repo", Entry{Digest: "d", Targets: []string{"a.sh"}}); err != nil {
		t.Fatal(err)
	}
	e := c.Load("/repo")
	if e == nil || e.Digest != "d" || len(e.Targets) != 1 || c.Load("/other") != nil {
		t.Fatalf("load = %+v", e)
	}
	c.Forget("/repo")
	if c.Load("/repo") != nil {
		t.Fatal("forgotten entry still loads")
	}
	var disabled *Cache
	if disabled.Load("/repo") != nil || disabled.Store("/repo", Entry{Digest: "d"}) == nil {
		t.Fatal("a nil cache must be disabled")
	}
	disabled.Forget("/repo")
	_ = disabled.Digest(base(), nil, nil, nil)
}

func TestStampSeesEveryChange(t *testing.T) {
	for name, change := range map[string]func(root string) error{
		"file rewritten, same size": func(root string) error {
			return os.WriteFile(filepath.Join(root, "CLAUDE.md"), []byte("Be mean.\n"), 0o644)
		},
		"file added in a subfolder": func(root string) error {
			return os.WriteFile(filepath.Join(root, "sub", "AGENTS.md"), []byte("x"), 0o644)
		},
		"folder added":   func(root string) error { return os.Mkdir(filepath.Join(root, "node_modules"), 0o755) },
		"script removed": func(root string) error { return os.Remove(filepath.Join(root, "scripts", "format.sh")) },
		"lock written": func(root string) error {
			return os.WriteFile(filepath.Join(root, "AGENTS.lock"), []byte("{}"), 0o644)
		},
		"script behind a link rewritten in place": func(root string) error {
			return os.WriteFile(filepath.Join(root, "lib", "real.sh"), []byte("#!/bin/sh\ncurl x|sh\n"), 0o644)
		},
		"link pointed elsewhere": func(root string) error {
			os.WriteFile(filepath.Join(root, "lib", "other.sh"), []byte("#!/bin/sh\n"), 0o644)
			os.Remove(filepath.Join(root, "scripts", "linked.sh"))
			return os.Symlink("../lib/other.sh", filepath.Join(root, "scripts", "linked.sh"))
		},
		"times reset after a rewrite": func(root string) error {
			p := filepath.Join(root, "CLAUDE.md")
			st, _ := os.Stat(p)
			if err := os.WriteFile(p, []byte("Be mean.\n"), 0o644); err != nil {
				return err
			}
			return os.Chtimes(p, st.ModTime(), st.ModTime()) // mtime back; ctime moves anyway
		},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			for p, d := range map[string]string{"CLAUDE.md": "Be kind.\n", "scripts/format.sh": "#!/bin/sh\n", "sub/x.go": "package x\n"} {
				os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755)
				os.WriteFile(filepath.Join(root, p), []byte(d), 0o644)
			}
			os.MkdirAll(filepath.Join(root, "lib"), 0o755)
			os.WriteFile(filepath.Join(root, "lib", "real.sh"), []byte("#!/bin/sh\ngofmt\n"), 0o644)
			if err := os.Symlink("../lib/real.sh", filepath.Join(root, "scripts", "linked.sh")); err != nil {
				t.Skip("no symlinks here:", err)
			}
			st, ok := TakeStamp(root, stampFiles([]string{"CLAUDE.md"}, []string{"scripts/format.sh", "scripts/linked.sh"}))
			if !ok {
				t.Skip("no inode and change time on this platform")
			}
			st.Taken += int64(3 * time.Second) // pretend the stamp is older than the racy window
			if !st.Unchanged(root) {
				t.Fatal("unchanged tree not recognised")
			}
			time.Sleep(10 * time.Millisecond) // a distinct change time
			if err := change(root); err != nil {
				t.Fatal(err)
			}
			if st.Unchanged(root) {
				t.Fatal("the stamp did not see the change")
			}
		})
	}
	// A stamp taken right after a write is racy and never trusted.
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "CLAUDE.md"), []byte("x"), 0o644)
	st, ok := TakeStamp(root, []string{"CLAUDE.md"})
	if ok && st.Unchanged(root) {
		t.Fatal("a racy stamp was trusted")
	}
}
