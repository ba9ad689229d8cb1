package cli_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/wall"
	"github.com/sentinel-sec/sentinel/mcpgate"
)

// wallAgentEnv, when set, makes this test binary an agent stand-in (see
// TestMain): it acts as a gateway inside the wall would.
const wallAgentEnv = "SENTINEL_TEST_WALL_AGENT"

// wallAgent runs inside `sentinel run`'s wall: it queues an approval
// request through the state broker, as a gateway does, and checks that it
// cannot write the queue itself.
func wallAgent() int {
	dirs, err := mcpgate.ResolveDirs(os.Getenv, "")
	if err != nil {
		fmt.Println("dirs:", err)
		return 1
	}
	q, err := mcpgate.OpenQueue(dirs.QueueDir())
	if err != nil {
		fmt.Println("queue:", err)
		return 1
	}
	r, err := q.Submit(mcpgate.Request{Kind: mcpgate.KindCall, Server: "fs", Tool: "delete_file", Reason: "destructive"})
	if err != nil {
		fmt.Println("submit:", err)
		return 1
	}
	fmt.Println("submitted", r.ID)
	if err := os.WriteFile(filepath.Join(dirs.QueueDir(), r.ID+".decision"), []byte(`{"verdict":"allow","by":"agent"}`), 0o600); err == nil {
		fmt.Println("DECIDED ITSELF")
		return 1
	}
	fmt.Println("decision refused")
	return 0
}

type wallE2E struct {
	t                      *testing.T
	bin, home, repo, state string
	env                    []string
}

func newWallE2E(t *testing.T) *wallE2E {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test builds the binary; skipped with -short")
	}
	if err := wall.Available(); err != nil {
		t.Skipf("no write wall on this system, so nothing to test: %v", err)
	}
	// The binary the agent must not replace is a copy of its own, so the
	// shared test binary stays untouched whatever happens.
	home := t.TempDir()
	bin := filepath.Join(home, "bin", "sentinel")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(testBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, src, 0o755); err != nil {
		t.Fatal(err)
	}
	e := &wallE2E{t: t, bin: bin, home: home, repo: filepath.Join(home, "repo"), state: filepath.Join(home, ".local", "state", "sentinel")}
	if err := os.MkdirAll(e.repo, 0o755); err != nil {
		t.Fatal(err)
	}
	e.env = []string{"HOME=" + home, "SENTINEL_HOME=", "XDG_CONFIG_HOME=", "XDG_STATE_HOME=", "PATH=" + filepath.Dir(bin) + ":" + os.Getenv("PATH")}
	e.write(".config/sentinel/mcp-policy.json", `{"require_approval":["*"]}`)
	e.write(".config/sentinel/trusted-keys.json", `{}`)
	e.write(".config/sentinel/keys/repo-sentinel-signing-key.pem", "PRIVATE")
	e.write(".local/state/sentinel/mcp/pins/fs.json", `{"server":"fs","tools":{}}`)
	return e
}

func (e *wallE2E) write(rel, body string) {
	e.t.Helper()
	p := filepath.Join(e.home, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		e.t.Fatal(err)
	}
}

func (e *wallE2E) read(rel string) string {
	b, _ := os.ReadFile(filepath.Join(e.home, rel))
	return string(b)
}

// TestWallStopsAgentTree: an agent stand-in started by `sentinel run`
// tries, with a shell and with Python, every way we know to write
// Sentinel's policy, queue, pins, keys and binary, and to approve its own
// paused call; every attempt fails and the call stays paused, while the
// same stand-in still writes in the project, in $HOME and in temp.
func TestWallStopsAgentTree(t *testing.T) {
	e := newWallE2E(t)
	// A call paused by the gateway before: the agent knows its ID.
	q, err := mcpgate.OpenQueue(filepath.Join(e.state, "mcp", "approvals"))
	if err != nil {
		t.Fatal(err)
	}
	paused, err := q.Submit(mcpgate.Request{Kind: mcpgate.KindCall, Server: "fs", Tool: "delete_file", Reason: "destructive"})
	if err != nil {
		t.Fatal(err)
	}
	cfg, st := filepath.Join(e.home, ".config", "sentinel"), e.state
	tmp := t.TempDir()
	attacks := []struct{ name, cmd string }{
		{"policy", `echo '{"require_approval":[]}' > ` + cfg + `/mcp-policy.json`},
		{"policy via variable", `P=$HOME/.config/sentinel; printf '{}' > "$P/mcp-policy.json"`},
		{"policy replaced by rename", `printf '{}' > $HOME/p.json && mv -f $HOME/p.json ` + cfg + `/mcp-policy.json`},
		{"policy removed", `rm -f ` + cfg + `/mcp-policy.json`},
		{"hard link then write", `ln ` + cfg + `/mcp-policy.json $HOME/notes.json && printf '{}' > $HOME/notes.json`},
		{"hard-linked state folder", `cp -al ` + st + ` $HOME/st && printf x > $HOME/st/mcp/pins/fs.json`},
		{"config folder moved aside", `mv $HOME/.config $HOME/.config.old && mkdir -p ` + cfg + ` && printf '{}' > ` + cfg + `/mcp-policy.json`},
		{"state folder moved aside", `mv ` + st + ` ` + st + `.old && mkdir -p ` + st + `/mcp/pins`},
		{"home's .local moved aside", `mv $HOME/.local $HOME/.local.old`},
		{"queue decision", `printf '{"verdict":"allow","by":"me"}' > ` + st + `/mcp/approvals/` + paused.ID + `.decision`},
		{"pins", `printf '{}' > ` + st + `/mcp/pins/fs.json`},
		{"new pin", `printf '{}' > ` + st + `/mcp/pins/other.json`},
		{"audit log", `printf 'forged\n' >> ` + st + `/mcp/audit.jsonl`},
		{"trusted keys", `printf '{"x":1}' > ` + cfg + `/trusted-keys.json`},
		{"private key", `printf 'MINE' > ` + cfg + `/keys/repo-sentinel-signing-key.pem`},
		{"approvals file", `printf '{}' > ` + cfg + `/approvals.json`},
		{"blast-radius patterns", `printf '{}' > ` + cfg + `/blast-radius.json`},
		{"binary replaced", `cp /bin/true ` + e.bin},
		{"binary renamed over", `cp /bin/true $HOME/t && mv -f $HOME/t ` + e.bin},
		{"binary folder moved aside", `mv ` + filepath.Dir(e.bin) + ` $HOME/oldbin && mkdir ` + filepath.Dir(e.bin) + ` && cp /bin/true ` + e.bin},
		{"unmount", `umount ` + cfg},
		{"remount read-write", `mount -o remount,rw ` + cfg},
		{"own namespace then unmount", `unshare -Urm sh -c 'umount ` + cfg + ` && printf "{}" > ` + cfg + `/mcp-policy.json'`},
		{"through another process's root", `printf '{}' > /proc/1/root` + cfg + `/mcp-policy.json`},
		{"through the parent's root", `P=$(awk '{print $4}' /proc/$PPID/stat); printf '{}' > /proc/$P/root` + cfg + `/mcp-policy.json`},
		{"self-approval", `sentinel mcp allow ` + paused.ID},
		{"self-approval, renamed copy", `cp "$(command -v sentinel)" $HOME/s && $HOME/s mcp allow ` + paused.ID},
	}
	if _, err := exec.LookPath("python3"); err == nil {
		attacks = append(attacks,
			struct{ name, cmd string }{"python policy", `python3 -c "open('` + cfg + `/mcp-policy.json','w').write('{}')"`},
			struct{ name, cmd string }{"python queue", `python3 -c "open('` + st + `/mcp/approvals/` + paused.ID + `.decision','w').write('{}')"`},
			struct{ name, cmd string }{"python binary", `python3 -c "import os; os.replace('/bin/true' and '$HOME/x', '` + e.bin + `')" 2>/dev/null || python3 -c "open('` + e.bin + `','wb').write(b'x')"`},
		)
	}
	before := map[string]string{}
	for _, rel := range []string{".config/sentinel/mcp-policy.json", ".config/sentinel/trusted-keys.json", ".config/sentinel/keys/repo-sentinel-signing-key.pem", ".local/state/sentinel/mcp/pins/fs.json"} {
		before[rel] = e.read(rel)
	}
	binBefore, _ := os.ReadFile(e.bin)

	var script strings.Builder
	for i, a := range attacks {
		fmt.Fprintf(&script, "( %s ) >/dev/null 2>&1 && echo 'BREACH %d'\n", a.cmd, i)
	}
	// What an agent legitimately does.
	fmt.Fprintf(&script, "echo ok > ./work.txt && echo ok > $HOME/.agent-settings.json && echo ok > %s/t && mkdir -p $HOME/.cache/x && echo ok > $HOME/.cache/x/y && echo ok > %s/gate/probe && echo ALLOWED\n", tmp, st)
	script.WriteString("echo wall=$SENTINEL_WALL run=${SENTINEL_RUN_PID:+set}\n")
	r := runIn(t, e.bin, e.repo, e.env, "", "run", "--wall=required", "--", "sh", "-c", script.String())
	if r.code != 0 {
		t.Fatalf("sentinel run exited %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for i, a := range attacks {
		if strings.Contains(r.stdout, fmt.Sprintf("BREACH %d\n", i)) {
			t.Errorf("%s: the agent's tree succeeded: %s", a.name, a.cmd)
		}
	}
	if !strings.Contains(r.stdout, "ALLOWED") {
		t.Errorf("the agent could not write where it works (project, $HOME, caches, temp, the gate's state):\n%s\n%s", r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "wall=1 run=set") {
		t.Errorf("the agent did not run inside the wall: %s", r.stdout)
	}
	for rel, b := range before {
		if got := e.read(rel); got != b {
			t.Errorf("%s changed: %q", rel, got)
		}
	}
	if b, _ := os.ReadFile(e.bin); string(b) != string(binBefore) {
		t.Errorf("the sentinel binary changed")
	}
	if _, err := os.Stat(filepath.Join(cfg, "blast-radius.json")); err == nil {
		t.Errorf("the agent created blast-radius.json")
	}
	got, err := q.Get(paused.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Decision != nil || got.Used {
		t.Errorf("the paused call was decided from inside the wall: %+v", got)
	}
}

// TestWallBrokerTakesRecords: a gateway inside the wall queues its paused
// call through `sentinel run`'s broker, but cannot write a decision.
func TestWallBrokerTakesRecords(t *testing.T) {
	e := newWallE2E(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := runIn(t, e.bin, e.repo, append(e.env, wallAgentEnv+"=1"), "", "run", "--wall=required", "--", self)
	if r.code != 0 || !strings.Contains(r.stdout, "decision refused") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	id := strings.Fields(strings.SplitN(r.stdout, "submitted ", 2)[1])[0]
	q, err := mcpgate.OpenQueue(filepath.Join(e.state, "mcp", "approvals"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := q.Get(id)
	if err != nil {
		t.Fatalf("the broker did not write the request: %v", err)
	}
	if got.Decision != nil || got.Tool != "delete_file" || got.Server != "fs" {
		t.Errorf("queued request: %+v", got)
	}
}

// TestWallOffSaysSo: without the wall the user is told once what is missing.
func TestWallOffSaysSo(t *testing.T) {
	e := newWallE2E(t)
	r := runIn(t, e.bin, e.repo, e.env, "", "run", "--wall=off", "--", "sh", "-c", `printf '{}' > $HOME/.config/sentinel/mcp-policy.json && echo wrote`)
	if !strings.Contains(r.stderr, "the write wall is off") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr should say once that the wall is off: %q", r.stderr)
	}
	if !strings.Contains(r.stdout, "wrote") {
		t.Errorf("with --wall=off the stand-in should have written: %q", r.stdout)
	}
}
