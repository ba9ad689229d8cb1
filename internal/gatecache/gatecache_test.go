package gatecache

import (
	"testing"
	"testing/fstest"

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
