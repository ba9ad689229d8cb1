package cli_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// e2eDir is the folder sentinelBinary built the binary in, removed by
// TestMain when the tests are done ("" until a test asks for the binary).
var e2eDir string

func TestMain(m *testing.M) {
	if os.Getenv(wallAgentEnv) != "" {
		os.Exit(wallAgent())
	}
	code := m.Run()
	if e2eDir != "" {
		os.RemoveAll(e2eDir)
	}
	os.Exit(code)
}

// sentinelBinary builds cmd/sentinel once for every end-to-end test of the
// package, which run it as a user would.
var sentinelBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "sentinel-e2e-")
	if err != nil {
		return "", err
	}
	e2eDir = dir
	bin := filepath.Join(dir, "sentinel")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	// SENTINEL_E2E_COVERDIR (scripts/cover.sh): build with -cover and
	// write the binary's coverage there, so the end-to-end tests count
	// towards coverage. The binary is then a small wrapper that sets
	// GOCOVERDIR, since most tests run it with a clean environment.
	if cov := os.Getenv("SENTINEL_E2E_COVERDIR"); cov != "" && runtime.GOOS != "windows" {
		real := bin + ".cover"
		out, err := exec.Command("go", "build", "-cover", "-coverpkg=github.com/sentinel-sec/sentinel/...", "-o", real, "github.com/sentinel-sec/sentinel/cmd/sentinel").CombinedOutput()
		if err != nil {
			return "", &exec.Error{Name: "go build -cover: " + string(out), Err: err}
		}
		wrapper := "#!/bin/sh\nGOCOVERDIR='" + cov + "' exec '" + real + "' \"$@\"\n"
		if err := os.WriteFile(bin, []byte(wrapper), 0o755); err != nil {
			return "", err
		}
		return bin, nil
	}
	out, err := exec.Command("go", "build", "-o", bin, "github.com/sentinel-sec/sentinel/cmd/sentinel").CombinedOutput()
	if err != nil {
		return "", &exec.Error{Name: "go build: " + string(out), Err: err}
	}
	return bin, nil
})

// testBinary returns the shared binary, failing the test if it cannot be built.
func testBinary(t *testing.T) string {
	t.Helper()
	bin, err := sentinelBinary()
	if err != nil {
		t.Fatalf("building sentinel: %v", err)
	}
	return bin
}

// result is what one run of the binary printed and its exit code.
type result struct {
	stdout, stderr string
	code           int
}

// runIn runs bin in dir with args, stdin and a clean environment (PATH, no
// colour, a fixed approver name, then env, whose entries win), and fails the
// test on a hang, a crash or a panic.
func runIn(t *testing.T, bin, dir string, env []string, stdin string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "SENTINEL_APPROVER=Alice <alice@example.com>"}, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("sentinel %v did not finish in 90 s", args)
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code < 0 {
		t.Fatalf("sentinel %v was killed by a signal (a crash?)\nstderr: %s", args, errb.String())
	}
	if strings.Contains(errb.String(), "panic:") || strings.Contains(errb.String(), "goroutine ") {
		t.Fatalf("sentinel %v panicked:\n%s", args, errb.String())
	}
	return result{out.String(), errb.String(), code}
}
