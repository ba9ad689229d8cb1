package lock

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan/rules"
)

func TestMCPToolsFormatAndCarryOver(t *testing.T) {
	fsys := repoFS()
	files := []string{"CLAUDE.md", ".claude/settings.json", "scripts/format.sh"}
	l, err := Build(fsys, files, []rules.Item{formatHook}, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	plain := l.Marshal()
	if !strings.Contains(string(plain), `"format": 1,`) || strings.Contains(string(plain), "mcp_tools") {
		t.Fatalf("a lock without MCP tools must stay format 1:\n%s", plain)
	}
	done := l.ApproveMCPTools("notes", map[string]string{"read_note": h64('a'), "write_note": h64('b')}, "PR #7", "Alice", now)
	if len(done) != 2 || done[0].Tool != "read_note" || done[0].Was != "" {
		t.Fatalf("approved %+v", done)
	}
	// Same digest: nothing to do; another digest: replaced, and says so.
	done = l.ApproveMCPTools("notes", map[string]string{"read_note": h64('a'), "write_note": h64('c')}, "", "Bob", now)
	if len(done) != 1 || done[0].Tool != "write_note" || done[0].Was != h64('b') || done[0].SHA256 != h64('c') {
		t.Fatalf("re-approved %+v", done)
	}
	l.ApproveMCPTools("fs", map[string]string{"read_file": h64('d')}, "", "Alice", now)
	data := l.Marshal()
	validateAgainstSchema(t, data)
	if !strings.Contains(string(data), `"format": 2,`) {
		t.Fatalf("a lock with MCP tools must say format 2:\n%s", data)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.Marshal()) != string(data) {
		t.Fatal("MCP tools do not survive a round trip byte for byte")
	}
	got := back.MCPToolApprovals("notes")
	if len(got) != 2 || got["read_note"] != h64('a') || got["write_note"] != h64('c') {
		t.Fatalf("approvals of notes = %v", got)
	}
	if back.MCPToolApprovals("other") != nil {
		t.Fatal("approvals for a server the lock does not name")
	}
	// init, approve and sign rebuild the lock: the approvals must survive.
	rebuilt, err := Build(fsys, files, []rules.Item{formatHook}, back, "")
	if err != nil {
		t.Fatal(err)
	}
	if string(rebuilt.Marshal()) != string(data) {
		t.Fatalf("Build dropped or changed MCP tool approvals:\n%s", rebuilt.Marshal())
	}
	// A lock with MCP tools read by a Sentinel that only knows format 1 is
	// refused as newer, never misread: that is what the version is for.
	if _, err := Parse([]byte(strings.Replace(string(data), `"format": 2`, `"format": 3`, 1))); !errors.Is(err, ErrNewerFormat) {
		t.Fatalf("format 3: %v", err)
	}
	for name, bad := range map[string]string{
		"format 1 with mcp_tools": strings.Replace(string(data), `"format": 2`, `"format": 1`, 1),
		"not approved":            strings.Replace(string(data), `"approved": {`, `"x": {`, 1),
		"twice": `{"format":2,"files":[],"items":[],"mcp_tools":[` +
			`{"server":"s","tool":"t","sha256":"` + h64('a') + `","approved":{"by":"a","at":"2026-11-30T12:00:00Z"}},` +
			`{"server":"s","tool":"t","sha256":"` + h64('b') + `","approved":{"by":"a","at":"2026-11-30T12:00:00Z"}}]}`,
		"prefixed digest": strings.Replace(string(data), `"sha256": "`+h64('a'), `"sha256": "sha256:`+h64('a'), 1),
	} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("%s: Parse accepted it", name)
		}
	}
}

func TestTrustedMCPTools(t *testing.T) {
	// base is a lock approving notes/read_note, signed by the repository key.
	base, priv, _ := signedRepo(t)
	l, _ := Parse(base[FileName].Data)
	l.ApproveMCPTools("notes", map[string]string{"read_note": h64('a')}, "", "Alice", now)
	signed := l.Marshal()
	fp := func(fsys fstest.MapFS) string { pub, _ := LoadPublicKey(fsys); return Fingerprint(pub) }
	repo := func(edit func(fstest.MapFS)) fstest.MapFS {
		fsys := fstest.MapFS{}
		for k, v := range base {
			fsys[k] = v
		}
		fsys[FileName] = &fstest.MapFile{Data: signed}
		fsys[SigFileName] = &fstest.MapFile{Data: Sign(signed, priv)}
		if edit != nil {
			edit(fsys)
		}
		return fsys
	}
	for _, tc := range []struct {
		name       string
		fsys       fstest.MapFS
		pin        string // fingerprint trusted on this machine, "" none
		server     string
		want       string // approved digest of read_note, "" none
		wantNotice string
	}{
		{"signed by the trusted key", repo(nil), "key", "notes", h64('a'), ""},
		{"other server: nothing, no notice", repo(nil), "key", "fs", "", ""},
		{"key not trusted yet", repo(nil), "", "notes", "", "has not trusted yet"},
		{"key changed", repo(nil), "SHA256:someoneelse", "notes", "", "KEY_CHANGED"},
		{"unsigned", repo(func(f fstest.MapFS) { delete(f, SigFileName) }), "key", "notes", "", "unsigned"},
		{"hand-edited after signing", repo(func(f fstest.MapFS) {
			f[FileName] = &fstest.MapFile{Data: []byte(strings.Replace(string(signed), h64('a'), h64('e'), 1))}
		}), "key", "notes", "", "SIGNATURE INVALID"},
		{"public key missing", repo(func(f fstest.MapFS) { delete(f, PublicKeyPath) }), "key", "notes", "", "cannot be read"},
		{"unreadable lock", repo(func(f fstest.MapFS) { f[FileName] = &fstest.MapFile{Data: []byte("{")} }), "key", "notes", "", "ignored"},
		{"no lock", repo(func(f fstest.MapFS) { delete(f, FileName) }), "key", "notes", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			trust, err := OpenTrust(t.TempDir(), "/repo")
			if err != nil {
				t.Fatal(err)
			}
			trust.RepoID = "/repo"
			switch tc.pin {
			case "":
			case "key":
				trust.Pins.Pin("/repo", fp(base), now)
			default:
				trust.Pins.Pin("/repo", tc.pin, now)
			}
			got, notice := TrustedMCPTools(tc.fsys, trust, tc.server)
			if got["read_note"] != tc.want {
				t.Errorf("approved read_note = %q, want %q", got["read_note"], tc.want)
			}
			if tc.want == "" && len(got) != 0 {
				t.Errorf("approvals counted: %v", got)
			}
			if (tc.wantNotice == "") != (notice == "") || !strings.Contains(notice, tc.wantNotice) {
				t.Errorf("notice = %q, want one containing %q", notice, tc.wantNotice)
			}
		})
	}
}
