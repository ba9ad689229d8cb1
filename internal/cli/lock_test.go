package cli

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/lock"
)

// TestLockLabelsAreOneLineAndRedacted: every place the lock commands print an
// entry's label (inventory, lapsed approvals) shows it on one line with
// secrets masked, since the label is text from a scanned file.
func TestLockLabelsAreOneLineAndRedacted(t *testing.T) {
	secret := "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	e := lock.Entry{Kind: "hook", Source: ".claude/settings.json", Event: "PreToolUse",
		Command: "curl -H 'Authorization: token " + secret + "'\nrm -rf /\x1b[2J", SHA256: strings.Repeat("a", 64)}
	if got := entryLabel(e); strings.Contains(got, secret) || strings.ContainsAny(got, "\n\r\x1b") ||
		!strings.HasPrefix(got, "[PreToolUse] curl -H 'Authorization: token ") || !strings.HasSuffix(got, "'⏎rm -rf /␛[2J") {
		t.Fatalf("entryLabel = %q", got)
	}
	var inv, ver bytes.Buffer
	printInventory(&inv, &lock.Lock{Items: []lock.Entry{e}})
	printVerification(&ver, &lock.Verification{Status: lock.StatusValid, Lapsed: []lock.Entry{e}}, "")
	for name, out := range map[string]string{"inventory": inv.String(), "verify": ver.String()} {
		if strings.Contains(out, secret) || strings.Contains(out, "\x1b") || !strings.Contains(out, entryLabel(e)) {
			t.Fatalf("%s:\n%s", name, out)
		}
	}
	if want := "  auto-run, not approved     : " + entryLabel(e) + "   (.claude/settings.json)\n"; inv.String() != want {
		t.Fatalf("inventory line = %q, want %q", inv.String(), want)
	}
}

// TestRememberApprovals: approvals given here are recorded under
// SENTINEL_HOME; when they cannot be, the user is told why and what follows.
func TestRememberApprovals(t *testing.T) {
	e := lock.Entry{Kind: "hook", Source: ".claude/settings.json", Command: "./format.sh", SHA256: strings.Repeat("a", 64)}
	home := t.TempDir()
	var errOut bytes.Buffer
	app := &App{Stderr: &errOut, Getenv: func(k string) string { return map[string]string{"SENTINEL_HOME": home}[k] }}
	rememberApprovals(app, "/repo", nil)
	if _, err := os.Stat(filepath.Join(home, "approvals.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("nothing approved, yet the store was written: %v", err)
	}
	rememberApprovals(app, "/repo", []lock.Entry{e})
	if b, err := os.ReadFile(filepath.Join(home, "approvals.json")); errOut.Len() != 0 || err != nil || !strings.Contains(string(b), `"/repo"`) {
		t.Fatalf("not recorded: %s %v %q", b, err, errOut.String())
	}

	blocked := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocked, nil, 0o600)
	home = blocked
	rememberApprovals(app, "/repo", []lock.Entry{e})
	store := filepath.Join(blocked, "approvals.json")
	want := "sentinel: the approval is in AGENTS.lock but this machine could not remember it (cannot read your approvals in " + store +
		": open " + store + ": not a directory; check its permissions or set SENTINEL_HOME), so 'sentinel run' will ask until CI signs the lock\n"
	if errOut.String() != want {
		t.Fatalf("stderr = %q\nwant     %q", errOut.String(), want)
	}
}

// TestSignAndVerifyNameTheKey: sign refuses a private key that is not the
// committed one, naming the committed key's fingerprint, and both sign and
// verify print that fingerprint.
func TestSignAndVerifyNameTheKey(t *testing.T) {
	repo, keys := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(repo, "CLAUDE.md"), []byte("# Rules\n\n- Run the tests before you commit.\n"), 0o644)
	env := map[string]string{"SENTINEL_HOME": t.TempDir()}
	key := filepath.Join(keys, "key.pem")
	if out, code := runMCP(t, env, "keygen", "--no-tty-confirm", repo, "--out", key); code != 0 {
		t.Fatalf("keygen: %d %s", code, out)
	}
	pubPEM, _ := os.ReadFile(filepath.Join(repo, lock.PublicKeyPath))
	pub, err := lock.ParsePublicKey(pubPEM, "pub")
	if err != nil {
		t.Fatal(err)
	}
	fp := lock.Fingerprint(pub)

	_, otherPEM, _ := lock.GenerateKey()
	other := filepath.Join(keys, "other.pem")
	os.WriteFile(other, otherPEM, 0o600)
	want := "sentinel: the key file " + other + " does not match the committed public key " + lock.PublicKeyPath + " (" + fp + "); use the private key made with it\n"
	if out, code := runMCP(t, env, "sign", "--no-tty-confirm", repo, "--key", other); code != 1 || out != want {
		t.Fatalf("sign with another key: %d\n%q\nwant\n%q", code, out, want)
	}
	if out, code := runMCP(t, env, "sign", "--no-tty-confirm", repo, "--key", key); code != 0 || !strings.HasSuffix(out, "(0 approved), key "+fp+"\n") {
		t.Fatalf("sign: %d %s", code, out)
	}
	for _, args := range [][]string{{"verify", repo}, {"verify", repo, "--expect-key", fp}} {
		if out, code := runMCP(t, env, args...); code != 0 || !strings.Contains(out, "("+fp+")") {
			t.Fatalf("%v: %d %s", args, code, out)
		}
	}
}

// TestVerifyExpectKeyMismatchNamesTheFlag: when the key CI expects
// (--expect-key) is not the committed one, the report says so and tells
// how to update the expected fingerprint, not to run --accept-key (which
// --expect-key refuses) or that "this clone" trusted a key it never pinned.
func TestVerifyExpectKeyMismatchNamesTheFlag(t *testing.T) {
	repo, keys := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(repo, "CLAUDE.md"), []byte("# Rules\n"), 0o644)
	env := map[string]string{"SENTINEL_HOME": t.TempDir()}
	key := filepath.Join(keys, "key.pem")
	if out, code := runMCP(t, env, "keygen", "--no-tty-confirm", repo, "--out", key); code != 0 {
		t.Fatalf("keygen: %d %s", code, out)
	}
	if out, code := runMCP(t, env, "sign", "--no-tty-confirm", repo, "--key", key); code != 0 {
		t.Fatalf("sign: %d %s", code, out)
	}
	const expected = "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	out, code := runMCP(t, env, "verify", repo, "--expect-key", expected)
	if code != 2 || !strings.Contains(out, "signature : KEY_CHANGED") || !strings.Contains(out, "but --expect-key names "+expected+".") ||
		!strings.Contains(out, "pass the new fingerprint to --expect-key") || strings.Contains(out, "--accept-key") || strings.Contains(out, "this clone trusted") {
		t.Fatalf("verify --expect-key with another key: exit %d\n%s", code, out)
	}
}

// TestKeyInsideRepoThroughLinks: a private key reached through a link is as
// much inside the repository as one named by its real path, for keygen --out
// and sign --key alike.
func TestKeyInsideRepoThroughLinks(t *testing.T) {
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "repo")
	outside := filepath.Join(tmp, "outside")
	for _, d := range []string{repo, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(repo, "key.pem"), []byte("k"), 0o600)
	os.WriteFile(filepath.Join(outside, "real.pem"), []byte("k"), 0o600)
	if err := os.Symlink(repo, filepath.Join(outside, "link")); err != nil {
		t.Skip("no symbolic links here")
	}
	os.Symlink(filepath.Join(repo, "key.pem"), filepath.Join(outside, "file-link.pem"))
	os.Symlink(repo, filepath.Join(tmp, "repo-link"))
	for _, c := range []struct {
		dir, p string
		want   bool
	}{
		{repo, filepath.Join(repo, "key.pem"), true},
		{repo, filepath.Join(outside, "link", "key.pem"), true},
		{repo, filepath.Join(outside, "link", "new", "key.pem"), true}, // keygen --out, not there yet
		{repo, filepath.Join(outside, "file-link.pem"), true},
		{filepath.Join(tmp, "repo-link"), filepath.Join(repo, "key.pem"), true},
		{repo, filepath.Join(outside, "real.pem"), false},
		{repo, filepath.Join(outside, "new.pem"), false},
		{repo, filepath.Join(tmp, "repo2", "key.pem"), false},
	} {
		if got := inside(c.dir, c.p); got != c.want {
			t.Errorf("inside(%s, %s) = %v, want %v", c.dir, c.p, got, c.want)
		}
	}
}

// TestHelpNamesTheConfigurationFallbacks: help that says where Sentinel's
// configuration folder is gives the whole rule (internal/userdirs), not
// only SENTINEL_HOME and ~/.config/sentinel, which skipped XDG_CONFIG_HOME.
func TestHelpNamesTheConfigurationFallbacks(t *testing.T) {
	for _, cmd := range []string{"mcp", "verify"} {
		out, code := runMCP(t, map[string]string{}, cmd, "--help")
		flat := strings.Join(strings.Fields(out), " ")
		if code != 0 || !strings.Contains(flat, "SENTINEL_HOME, else $XDG_CONFIG_HOME/sentinel, else ~/.config/sentinel") {
			t.Errorf("sentinel %s --help: exit %d, does not give the configuration folder's fallbacks:\n%s", cmd, code, out)
		}
	}
}

// TestVerifyPrintsRepositoryTextSafely: every string verify and the lock
// commands print from the repository (a path not in the lock, an item's
// source, the key a signature file names) is shown on one line with control
// and bidirectional characters visible, so a file named
// "\x1b[31mEVIL\nOK - …" cannot colour the terminal or print a fake verdict.
func TestVerifyPrintsRepositoryTextSafely(t *testing.T) {
	evil := ".claude/skills/\x1b[31mEVIL\nOK - every agent-config file is covered by the signed lock.\u202e\x9b2J\a/SKILL.md"
	e := lock.Entry{Kind: "hook", Source: evil, Command: "x", SHA256: strings.Repeat("a", 64)}
	var inv, ver, bad bytes.Buffer
	printInventory(&inv, &lock.Lock{Items: []lock.Entry{e}})
	printVerification(&ver, &lock.Verification{Status: lock.StatusNotCovered,
		NotCovered: []lock.Uncovered{{Path: evil, Why: "not in the lock"}}, Lapsed: []lock.Entry{e}}, "")
	printVerification(&bad, &lock.Verification{Status: lock.StatusInvalid,
		SignatureErr: "signature invalid: AGENTS.lock.sig was made by key " + evil + ", not by the committed key SHA256:x"}, "")
	for name, out := range map[string]string{"inventory": inv.String(), "verify": ver.String(), "invalid": bad.String()} {
		if strings.ContainsAny(out, "\x1b\a\u202e\u009b") {
			t.Errorf("%s prints a control character:\n%q", name, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "OK - ") {
				t.Errorf("%s: a file name printed a line of its own: %q", name, line)
			}
		}
	}
}

// TestMachineTrust: 'sentinel scan' and 'sentinel run' judge a lock with
// what this machine trusts; stores that cannot be read trust nothing and say
// why (Trust.Err), rather than reading as "no record of trusted keys".
func TestMachineTrust(t *testing.T) {
	home := t.TempDir()
	env := func(k string) string { return map[string]string{"SENTINEL_HOME": home}[k] }
	if tr := machineTrust(env, "/repo"); tr.Pins == nil || tr.Approvals == nil || tr.Err != nil || tr.RepoID != lock.RepoID("/repo") {
		t.Fatalf("empty home: %+v", tr)
	}
	os.WriteFile(filepath.Join(home, "trusted-keys.json"), []byte("{"), 0o600)
	if tr := machineTrust(env, "/repo"); tr.Pins != nil || tr.Err == nil || !strings.Contains(tr.Err.Error(), "damaged") {
		t.Fatalf("damaged store: %+v", tr)
	}
}
