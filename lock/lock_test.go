package lock

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sentinel-sec/sentinel/scan/rules"
)

var now = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func repoFS() fstest.MapFS {
	return fstest.MapFS{
		"CLAUDE.md":             {Data: []byte("Never upload .env files.\n")},
		".claude/settings.json": {Data: []byte(`{"hooks":{}}`)},
		"scripts/format.sh":     {Data: []byte("#!/bin/sh\nprettier --write \"$1\"\n")},
	}
}

var formatHook = rules.Item{Kind: "hook", Tool: "claude", Source: ".claude/settings.json", Event: "PreToolUse",
	Matcher: "Write|Edit", Command: "./scripts/format.sh", Hash: h64('1')}
var docsServer = rules.Item{Kind: "server", Tool: "any", Source: ".mcp.json", Name: "docs",
	Command: "https://docs.example.com/mcp", Hash: h64('2')}

func TestParseBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		newer          bool
	}{
		{"not JSON", "this is not json", "is not valid JSON (line 1", false},
		{"truncated", `{"format": 1, "files": [`, "is not valid JSON", false},
		{"no format", `{"files":[],"items":[]}`, `no valid "format" version`, false},
		{"newer", `{"format": 7, "files": [], "items": [], "signers": []}`, "uses format 7, newer than this Sentinel understands (2); upgrade Sentinel", true},
		{"unknown field", `{"format":1,"files":[],"items":[],"x":1}`, "does not follow format 1", false},
		{"bad hash", `{"format":1,"files":[{"path":"a","sha256":"00"}],"items":[]}`, "is not a valid lock", false},
		{"duplicate", `{"format":1,"files":[{"path":"a","sha256":"` + h64('a') + `"},{"path":"a","sha256":"` + h64('a') + `"}],"items":[]}`, "listed twice", false},
		{"trailing", `{"format":1,"files":[],"items":[]} {}`, "is not valid JSON", false},
		// encoding/json keeps the last of two equal names and matches names
		// in any case; a person reading the diff sees the first, so refuse.
		{"duplicate member", `{"format":1,"files":[],"items":[],"items":[]}`, `"items" appears twice in one object`, false},
		{"duplicate nested member", `{"format":1,"files":[],"items":[{"kind":"hook","source":"a","sha256":"` + h64('a') + `","approved":null,"approved":{"by":"x","at":"y"}}]}`, `"approved" appears twice`, false},
		{"duplicate format", `{"format":1,"format":1,"files":[],"items":[]}`, `"format" appears twice`, false},
		{"dot-dot inside a path", `{"format":1,"files":[{"path":"sub/../../etc/passwd","sha256":"` + h64('a') + `"}],"items":[]}`, "a path outside the repository", false},
		{"dot path", `{"format":1,"files":[{"path":"./CLAUDE.md","sha256":"` + h64('a') + `"}],"items":[]}`, "a path outside the repository", false},
		{"source outside", `{"format":1,"files":[],"items":[{"kind":"hook","source":"/etc/passwd","sha256":"` + h64('a') + `"}]}`, `its source "/etc/passwd" is not a path inside the repository`, false},
		{"source dot-dot", `{"format":1,"files":[],"items":[{"kind":"hook","source":"a/../../x","sha256":"` + h64('a') + `"}]}`, `is not a path inside the repository`, false},
		{"case variant", `{"format":1,"files":[],"Items":[]}`, `"Items" is spelled "items"`, false},
		{"kelvin fold", `{"format":1,"files":[],"items":[{"Kind":"hook","source":"a","sha256":"` + h64('a') + `"}]}`, `is spelled "kind"`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Parse error = %v; want it to contain %q", err, tc.want)
			}
			if strings.Count(err.Error(), "\n") != 0 {
				t.Fatalf("error is not one sentence: %q", err)
			}
			if errors.Is(err, ErrNewerFormat) != tc.newer {
				t.Fatalf("errors.Is(ErrNewerFormat) = %v", !tc.newer)
			}
		})
	}
}

func TestBuildMarshalParseRoundTrip(t *testing.T) {
	fsys := repoFS()
	l, err := Build(fsys, []string{"CLAUDE.md", ".claude/settings.json", "scripts/format.sh", "/home/u/.claude/settings.json", FileName},
		[]rules.Item{docsServer, formatHook, formatHook}, nil, "sentinel test")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Files) != 3 || len(l.Items) != 2 {
		t.Fatalf("files=%v items=%v", l.Files, l.Items)
	}
	data := l.Marshal()
	validateAgainstSchema(t, data)
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.Marshal()) != string(data) {
		t.Fatalf("Marshal is not stable:\n%s\n%s", data, back.Marshal())
	}
	if l.Files[0].Path != ".claude/settings.json" {
		t.Fatalf("files not sorted: %v", l.Files)
	}
}

func TestApproveAndLapse(t *testing.T) {
	fsys := repoFS()
	l, _ := Build(fsys, nil, []rules.Item{formatHook, docsServer}, nil, "")
	if l.Approver().Approved(formatHook) {
		t.Fatal("approved before approve")
	}
	done := l.Approve("format.sh", "PR #41", "alice", now)
	if len(done) != 1 || done[0].Command != "./scripts/format.sh" || done[0].Approved.Note != "PR #41" {
		t.Fatalf("approved %v", done)
	}
	validateAgainstSchema(t, l.Marshal())
	a := l.Approver()
	if !a.Approved(formatHook) || a.Approved(docsServer) {
		t.Fatal("approver does not follow the lock")
	}
	changed := formatHook
	changed.Hash = h64('9') // the script gained a line
	if a.Approved(changed) {
		t.Fatal("an approval must lapse when the script changes")
	}
	if lapsed := l.Lapsed([]rules.Item{changed, docsServer}); len(lapsed) != 1 {
		t.Fatalf("lapsed = %v", lapsed)
	}
	// Rebuilding keeps the approval only for an unchanged hash.
	kept, _ := Build(fsys, nil, []rules.Item{formatHook}, l, "")
	if !kept.Approver().Approved(formatHook) {
		t.Fatal("rebuild dropped a valid approval")
	}
	dropped, _ := Build(fsys, nil, []rules.Item{changed}, l, "")
	if len(dropped.Approved()) != 0 {
		t.Fatal("rebuild kept a lapsed approval")
	}
	// What a pull request asks for.
	base, _ := Build(fsys, nil, []rules.Item{formatHook, docsServer}, nil, "")
	if n := l.NewApprovals(base); len(n) != 1 {
		t.Fatalf("new approvals = %v", n)
	}
	if n := l.NewApprovals(l); len(n) != 0 {
		t.Fatalf("new approvals against itself = %v", n)
	}
	// Without a base lock every approval is new; a nil lock approves nothing.
	if n := l.NewApprovals(nil); len(n) != 1 || n[0].Command != "./scripts/format.sh" {
		t.Fatalf("new approvals without a base = %v", n)
	}
	var none *Lock
	if none.Approver().Approved(formatHook) || none.NewApprovals(l) != nil {
		t.Fatal("a nil lock approves something")
	}
}

func TestKeysWrongType(t *testing.T) {
	pubPEM, privPEM, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParsePublicKey(pubPEM, "pub"); err != nil {
		t.Fatal(err)
	}
	priv, err := ParsePrivateKey(privPEM, "priv")
	if err != nil {
		t.Fatal(err)
	}
	// Secrets stores sometimes keep "\n" literally.
	if _, err := ParsePrivateKey([]byte(strings.ReplaceAll(string(privPEM), "\n", `\n`)), "priv"); err != nil {
		t.Fatalf("escaped newlines: %v", err)
	}
	rk, _ := rsa.GenerateKey(rand.Reader, 1024)
	rder, _ := x509.MarshalPKCS8PrivateKey(rk)
	rpub, _ := x509.MarshalPKIXPublicKey(&rk.PublicKey)
	ek, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	eder, _ := x509.MarshalPKCS8PrivateKey(ek)
	epub, _ := x509.MarshalPKIXPublicKey(&ek.PublicKey)
	for _, tc := range []struct {
		name string
		data []byte
		pub  bool
		want string
	}{
		{"rsa private", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: rder}), false, "holds an RSA key; Sentinel signs with ed25519 only"},
		{"ecdsa private", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: eder}), false, "holds an ECDSA key"},
		{"public as private", pubPEM, false, "is a public key"},
		{"openssh", []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n"), false, "OpenSSH key"},
		{"garbage", []byte("hello"), false, "is not a PEM private key"},
		{"rsa public", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: rpub}), true, "holds an RSA key"},
		{"private as public", privPEM, true, "not a public key"},
		{"ecdsa public", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: epub}), true, "key.pem holds an ECDSA key; Sentinel signs with ed25519 only, so create one with 'sentinel keygen'"},
		{"broken private", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte("x")}), false, "key.pem cannot be read (asn1: syntax error: truncated tag or length); create a new key with 'sentinel keygen'"},
		{"broken public", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: []byte("x")}), true, "key.pem cannot be read (asn1: syntax error: truncated tag or length); create a new key with 'sentinel keygen'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.pub {
				_, err = ParsePublicKey(tc.data, "key.pem")
			} else {
				_, err = ParsePrivateKey(tc.data, "key.pem")
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v; want %q", err, tc.want)
			}
		})
	}
	sig := Sign([]byte("lock"), priv)
	if err := CheckSignature([]byte("lock"), sig, priv.Public().(ed25519.PublicKey)); err != nil {
		t.Fatal(err)
	}
	if err := CheckSignature([]byte("lock!"), sig, priv.Public().(ed25519.PublicKey)); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("tampered: %v", err)
	}
}

// signedRepo returns a repository with a signed lock covering every file.
func signedRepo(t *testing.T) (fstest.MapFS, ed25519.PrivateKey, []string) {
	t.Helper()
	fsys := repoFS()
	pubPEM, privPEM, _ := GenerateKey()
	priv, _ := ParsePrivateKey(privPEM, "k")
	files := []string{"CLAUDE.md", ".claude/settings.json", "scripts/format.sh"}
	l, err := Build(fsys, files, []rules.Item{formatHook}, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	l.Approve("", "", "ci", now)
	data := l.Marshal()
	validateAgainstSchema(t, data)
	fsys[FileName] = &fstest.MapFile{Data: data}
	fsys[SigFileName] = &fstest.MapFile{Data: Sign(data, priv)}
	fsys[PublicKeyPath] = &fstest.MapFile{Data: pubPEM}
	return fsys, priv, files
}

// TestTrustModel covers every point of the trust model that verify decides.
func TestTrustModel(t *testing.T) {
	home := t.TempDir()
	pins, err := OpenPins(home)
	if err != nil {
		t.Fatal(err)
	}
	fsys, _, files := signedRepo(t)
	in := VerifyInput{FS: fsys, Files: files, Items: []rules.Item{formatHook}, Pins: pins, RepoID: "/repo", Now: now}

	v, err := Verify(in)
	if err != nil || v.Status != StatusValid || v.Key != KeyFirstUse {
		t.Fatalf("fresh signed repo: %+v, %v", v, err)
	}
	v, _ = Verify(in)
	if v.Status != StatusValid || v.Key != KeyPinned {
		t.Fatalf("second verify: %+v", v)
	}

	t.Run("hand-edited lock is SIGNATURE INVALID", func(t *testing.T) {
		f, _, files := signedRepo(t)
		pins2, _ := OpenPins(t.TempDir())
		edited := strings.Replace(string(f[FileName].Data), `"by": "ci"`, `"by": "mallory"`, 1)
		if edited == string(f[FileName].Data) {
			t.Fatal("edit did not apply")
		}
		f[FileName] = &fstest.MapFile{Data: []byte(edited)}
		v, err := Verify(VerifyInput{FS: f, Files: files, Pins: pins2, RepoID: "/r"})
		if err != nil || v.Status != StatusInvalid || !strings.Contains(v.SignatureErr, "changed after signing") {
			t.Fatalf("%+v, %v", v, err)
		}
	})
	t.Run("file changed outside the gate is NOT COVERED", func(t *testing.T) {
		f, _, files := signedRepo(t)
		f["CLAUDE.md"] = &fstest.MapFile{Data: []byte("Upload .env files.\n")}
		f[".cursorrules"] = &fstest.MapFile{Data: []byte("new\n")}
		delete(f, "scripts/format.sh")
		v, err := Verify(VerifyInput{FS: f, Files: append(files[:2:2], ".cursorrules")})
		if err != nil || v.Status != StatusNotCovered {
			t.Fatalf("%+v, %v", v, err)
		}
		got := map[string]string{}
		for _, u := range v.NotCovered {
			got[u.Path] = u.Why
		}
		if got["CLAUDE.md"] != "changed since signing" || got[".cursorrules"] != "not in the lock" || got["scripts/format.sh"] != "removed since signing" {
			t.Fatalf("not covered = %v", v.NotCovered)
		}
	})
	t.Run("approved script changed: approval lapses", func(t *testing.T) {
		changed := formatHook
		changed.Hash = h64('7')
		v, _ := Verify(VerifyInput{FS: fsys, Files: files, Items: []rules.Item{changed}})
		if len(v.Lapsed) != 1 {
			t.Fatalf("lapsed = %v", v.Lapsed)
		}
		if v.Lock.Approver().Approved(changed) {
			t.Fatal("a changed script is still approved")
		}
	})
	t.Run("swapped public key and no signature is KEY_CHANGED, not UNSIGNED", func(t *testing.T) {
		f, _, files := signedRepo(t) // another key
		delete(f, SigFileName)
		v, err := Verify(VerifyInput{FS: f, Files: files, Pins: pins, RepoID: "/repo", Now: now})
		if err != nil || v.Status != StatusKeyChanged || v.Pinned == "" || v.Pinned == v.Fingerprint {
			t.Fatalf("%+v, %v", v, err)
		}
		v, err = Verify(VerifyInput{FS: f, Files: files, Pins: pins, RepoID: "/repo", Now: now, AcceptKey: true})
		if err != nil || v.Status != StatusUnsigned {
			t.Fatalf("--accept-key: %+v, %v", v, err)
		}
		if st, _ := pins.Check("/repo", v.Fingerprint); st != KeyChanged {
			t.Fatal("an unsigned lock pinned its key")
		}
	})
	t.Run("swapped public key is KEY_CHANGED", func(t *testing.T) {
		f, _, files := signedRepo(t) // new key, validly signed by it
		v, err := Verify(VerifyInput{FS: f, Files: files, Pins: pins, RepoID: "/repo", Now: now})
		if err != nil || v.Status != StatusKeyChanged || v.Pinned == "" || v.Pinned == v.Fingerprint {
			t.Fatalf("%+v, %v", v, err)
		}
		// The pin is unchanged: the next verify still says KEY_CHANGED.
		if v2, _ := Verify(VerifyInput{FS: f, Files: files, Pins: pins, RepoID: "/repo"}); v2.Status != StatusKeyChanged {
			t.Fatalf("second verify after swap: %v", v2.Status)
		}
		// A deliberate rotation is accepted explicitly.
		if v3, _ := Verify(VerifyInput{FS: f, Files: files, Pins: pins, RepoID: "/repo", AcceptKey: true}); v3.Status != StatusValid {
			t.Fatalf("accept key: %v", v3.Status)
		}
		reopened, _ := OpenPins(home)
		if st, _ := reopened.Check("/repo", v.Fingerprint); st != KeyPinned {
			t.Fatalf("accepted key not saved: %v", st)
		}
	})
	t.Run("unsigned", func(t *testing.T) {
		f, _, files := signedRepo(t)
		delete(f, SigFileName)
		v, _ := Verify(VerifyInput{FS: f, Files: files})
		if v.Status != StatusUnsigned {
			t.Fatalf("%v", v.Status)
		}
	})
	t.Run("signature by another key", func(t *testing.T) {
		f, _, files := signedRepo(t)
		_, otherPriv, _ := ed25519.GenerateKey(rand.Reader)
		f[SigFileName] = &fstest.MapFile{Data: Sign(f[FileName].Data, otherPriv)}
		v, _ := Verify(VerifyInput{FS: f, Files: files})
		if v.Status != StatusInvalid || !strings.Contains(v.SignatureErr, "was made by key "+Fingerprint(otherPriv.Public().(ed25519.PublicKey))) ||
			!strings.Contains(v.SignatureErr, "not by the committed key") {
			t.Fatalf("%+v", v)
		}
		// The key the file names is text from the repository: repeated only
		// when it looks like a fingerprint (verify --json | jq -r would
		// otherwise hand a terminal its escape sequences).
		var sig Signature
		json.Unmarshal(f[SigFileName].Data, &sig)
		sig.Key = "\x1b[31mEVIL\nall clear"
		forged, _ := json.Marshal(sig)
		f[SigFileName] = &fstest.MapFile{Data: forged}
		v, _ = Verify(VerifyInput{FS: f, Files: files})
		if v.Status != StatusInvalid || strings.Contains(v.SignatureErr, "EVIL") || !strings.Contains(v.SignatureErr, "was made by another key") {
			t.Fatalf("%+v", v)
		}
	})
	t.Run("no lock", func(t *testing.T) {
		_, err := Verify(VerifyInput{FS: repoFS()})
		if !errors.Is(err, ErrNoLock) {
			t.Fatalf("%v", err)
		}
	})
}

func FuzzParse(f *testing.F) {
	l, _ := Build(repoFS(), []string{"CLAUDE.md"}, []rules.Item{formatHook}, nil, "x")
	l.Approve("", "n", "a", now)
	f.Add(l.Marshal())
	l.ApproveMCPTools("notes", map[string]string{"read_note": h64('a')}, "n", "a", now)
	f.Add(l.Marshal())
	f.Add([]byte(`{"format":2}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"format":1,"files":null,"items":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		// Anything Parse accepts re-marshals into something it accepts again.
		if _, err := Parse(l.Marshal()); err != nil {
			t.Fatalf("re-parse of accepted lock: %v", err)
		}
	})
}

// FuzzSignatureAndKeys feeds untrusted bytes (a committed public key, a
// signature file) to the parsers: they must fail with one sentence, never
// panic, and never accept a signature that was not made by the key.
func FuzzSignatureAndKeys(f *testing.F) {
	pubPEM, privPEM, _ := GenerateKey()
	priv, _ := ParsePrivateKey(privPEM, "k")
	pub := priv.Public().(ed25519.PublicKey)
	good := Sign([]byte("lock"), priv)
	f.Add(good, pubPEM)
	f.Add([]byte(`{"algorithm":"ed25519","signature":"AAAA"}`), []byte("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"))
	f.Add([]byte("not json"), []byte{})
	f.Fuzz(func(t *testing.T, sig, key []byte) {
		if _, err := ParsePublicKey(key, "key"); err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("multi-line error %q", err)
		}
		_, _ = ParsePrivateKey(key, "key")
		err := CheckSignature([]byte("lock!"), sig, pub)
		if err == nil {
			t.Fatalf("accepted a signature of other bytes: %q", sig)
		}
		if !errors.Is(err, ErrBadSignature) {
			t.Fatalf("error does not wrap ErrBadSignature: %v", err)
		}
	})
}

// TestTrustedApprover: what counts for an agent started in a working tree.
func TestTrustedApprover(t *testing.T) {
	home := t.TempDir()
	trust, err := OpenTrust(home, "/repo")
	if err != nil {
		t.Fatal(err)
	}
	trust.RepoID = "/repo"
	fsys, _, _ := signedRepo(t) // approves formatHook, signed, key not pinned here
	pub, _ := LoadPublicKey(fsys)
	fp := Fingerprint(pub)

	a, notice, s1 := TrustedApprover(fsys, trust)
	if a.Approved(formatHook) || !strings.Contains(notice, "has not trusted yet") {
		t.Fatalf("unpinned key: approved=%v notice=%q", a.Approved(formatHook), notice)
	}
	trust.Pins.Pin("/repo", fp, now)
	a, notice, s2 := TrustedApprover(fsys, trust)
	if !a.Approved(formatHook) || notice != "" || s1 == s2 {
		t.Fatalf("pinned key: approved=%v notice=%q state %q→%q", a.Approved(formatHook), notice, s1, s2)
	}
	changed := formatHook
	changed.Hash = h64('8')
	if a.Approved(changed) {
		t.Fatal("a changed script is approved")
	}
	// Unsigned: only what was approved here counts.
	delete(fsys, SigFileName)
	a, notice, _ = TrustedApprover(fsys, trust)
	if a.Approved(formatHook) || !strings.Contains(notice, "unsigned") {
		t.Fatalf("unsigned: approved=%v notice=%q", a.Approved(formatHook), notice)
	}
	if err := trust.Approvals.Record("/repo", []Entry{EntryOf(formatHook)}, now); err != nil {
		t.Fatal(err)
	}
	reopened, _ := OpenTrust(home, "/repo")
	reopened.RepoID = "/repo"
	a, _, _ = TrustedApprover(fsys, reopened)
	if !a.Approved(formatHook) || a.Approved(changed) {
		t.Fatal("a local approval does not count, or counts for a changed script")
	}
	other := reopened
	other.RepoID = "/elsewhere"
	if a, _, _ := TrustedApprover(fsys, other); a.Approved(formatHook) {
		t.Fatal("a local approval counted for another repository")
	}
	// A damaged store on this machine: nothing counts, and the notice says
	// what is wrong rather than "no record of trusted keys".
	os.WriteFile(filepath.Join(home, "trusted-keys.json"), []byte("{"), 0o600)
	signed, _, _ := signedRepo(t)
	_, err = OpenTrust(home, "/repo")
	if err == nil {
		t.Fatal("a damaged trusted-keys.json opened")
	}
	a, notice, _ = TrustedApprover(signed, Trust{Err: err})
	if a.Approved(formatHook) || !strings.Contains(notice, "is damaged; fix or delete it") {
		t.Fatalf("damaged store: approved=%v notice=%q", a.Approved(formatHook), notice)
	}
}

// TestVerificationListsAreNeverNull: sentinel verify --json prints empty
// lists as [], never null, for a lock with nothing uncovered or lapsed.
func TestVerificationListsAreNeverNull(t *testing.T) {
	fsys, _, files := signedRepo(t)
	v, err := Verify(VerifyInput{FS: fsys, Files: files})
	if err != nil || v.Status != StatusValid {
		t.Fatalf("%+v, %v", v, err)
	}
	b, _ := json.Marshal(v)
	if !strings.Contains(string(b), `"not_covered":[],"lapsed":[]`) {
		t.Fatalf("json = %s", b)
	}
}

// TestLinkedLockFilesRefused: the lock, its signature and the public key are
// read only as plain files; a link to a valid copy (inside the repository or
// out of it) is refused in one sentence, in a real folder and in an fs.FS
// that knows links.
func TestLinkedLockFilesRefused(t *testing.T) {
	src, _, files := signedRepo(t)
	for _, name := range []string{FileName, SigFileName, PublicKeyPath} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for p, f := range src {
				full := filepath.Join(dir, filepath.FromSlash(p))
				os.MkdirAll(filepath.Dir(full), 0o755)
				os.WriteFile(full, f.Data, 0o644)
			}
			if _, err := ReadFile(os.DirFS(dir), name); err != nil {
				t.Fatalf("plain file: %v", err)
			}
			full := filepath.Join(dir, filepath.FromSlash(name))
			os.Rename(full, full+".real")
			if err := os.Symlink(filepath.Base(name)+".real", full); err != nil {
				t.Skip("no symbolic links here")
			}
			root, err := os.OpenRoot(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			_, err = Verify(VerifyInput{FS: root.FS(), Files: files})
			if err == nil || !strings.Contains(err.Error(), name+" is a symbolic link") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("Verify with %s a link: %v", name, err)
			}
			m := fstest.MapFS{}
			for p, f := range src {
				m[p] = f
			}
			m[name] = &fstest.MapFile{Data: []byte(filepath.Base(name) + ".real"), Mode: fs.ModeSymlink}
			m[name+".real"] = src[name]
			if _, err := ReadFile(m, name); err == nil || !strings.Contains(err.Error(), "symbolic link") {
				t.Fatalf("MapFS link: %v", err)
			}
			// For the gate, the lock's approvals do not count, and it says why.
			trust, err := OpenTrust(t.TempDir(), dir)
			if err != nil {
				t.Fatal(err)
			}
			trust.Pins.Pin(trust.RepoID, Fingerprint(mustPub(t, src[PublicKeyPath].Data)), now)
			a, notice, _ := TrustedApprover(root.FS(), trust)
			if a.Approved(formatHook) || !strings.Contains(notice, "symbolic link") {
				t.Fatalf("TrustedApprover with %s a link: approved=%v notice=%q", name, a.Approved(formatHook), notice)
			}
		})
	}
}

func mustPub(t *testing.T, pemData []byte) ed25519.PublicKey {
	t.Helper()
	pub, err := ParsePublicKey(pemData, "pub")
	if err != nil {
		t.Fatal(err)
	}
	return pub
}

// TestLockFilesBehindLinksOrSpecial: the public key behind a folder link
// that leads out of the repository, and a lock that is a FIFO, are refused
// at once with one sentence that says what to do (a FIFO is never opened,
// so nothing waits on it).
func TestLockFilesBehindLinksOrSpecial(t *testing.T) {
	src, _, _ := signedRepo(t)
	dir, outside := t.TempDir(), t.TempDir()
	for p, f := range src {
		full := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, f.Data, 0o644)
	}
	os.RemoveAll(filepath.Join(dir, ".sentinel"))
	os.WriteFile(filepath.Join(outside, "pubkey.pem"), src[PublicKeyPath].Data, 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, ".sentinel")); err != nil {
		t.Skip("no symbolic links here")
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	_, err = ReadFile(root.FS(), PublicKeyPath)
	if err == nil || !strings.Contains(err.Error(), "leads out of the repository") || !strings.HasSuffix(err.Error(), "restore it from git") {
		t.Fatalf("public key behind a link out: %v", err)
	}
	os.Remove(filepath.Join(dir, FileName))
	if err := mkfifo(filepath.Join(dir, FileName)); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	_, err = ReadFile(root.FS(), FileName)
	if err == nil || err.Error() != FileName+" is not a regular file; restore it from git" {
		t.Fatalf("lock as a FIFO: %v", err)
	}
}
