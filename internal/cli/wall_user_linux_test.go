//go:build linux

package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWallAsUnprivilegedUser: the wall for a user other than root (the
// set-up process holds CAP_SYS_ADMIN as an ambient capability and clears
// it). Run as root, the test drops to nobody; run as anyone else, the
// other wall tests already cover this path.
func TestWallAsUnprivilegedUser(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("not root: the other wall tests already run as an unprivileged user")
	}
	e := newWallE2E(t)
	const uid, gid = 65534, 65534
	// Everything the user needs, owned by the user; the temporary folders
	// above must let them through.
	for d := e.home; d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
		os.Chmod(d, 0o755)
	}
	if err := filepath.Walk(e.home, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			err = os.Lchown(p, uid, gid)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	script := `id -u; grep ^CapEff /proc/self/status; echo x > $HOME/.config/sentinel/mcp-policy.json || echo POLICY-REFUSED;
umount $HOME/.config/sentinel || echo UMOUNT-REFUSED; echo ok > ./work.txt && echo ok > $HOME/note && echo WORKS`
	cmd := exec.Command(e.bin, "run", "--wall=required", "--", "sh", "-c", script)
	cmd.Dir = e.repo
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}, e.env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: gid}}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		for _, knob := range []string{"/proc/sys/kernel/unprivileged_userns_clone", "/proc/sys/kernel/apparmor_restrict_unprivileged_userns"} {
			if b, _ := os.ReadFile(knob); strings.TrimSpace(string(b)) == map[bool]string{true: "0", false: "1"}[strings.HasSuffix(knob, "clone")] {
				t.Skipf("this kernel keeps unprivileged users out of user namespaces (%s), so there is no wall for them: %s", knob, errb.String())
			}
		}
		t.Fatalf("sentinel run as nobody: %v\nstdout: %s\nstderr: %s", err, out.String(), errb.String())
	}
	got := out.String()
	for _, want := range []string{"65534\n", "CapEff:\t0000000000000000", "POLICY-REFUSED", "UMOUNT-REFUSED", "WORKS"} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in the stand-in's output:\n%s\nstderr: %s", want, got, errb.String())
		}
	}
	if b := e.read(".config/sentinel/mcp-policy.json"); b != `{"require_approval":["*"]}` {
		t.Errorf("the policy changed: %q", b)
	}
}
