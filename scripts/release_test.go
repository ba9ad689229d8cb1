package scripts_test

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// No container engine runs in CI, so the Containerfile is read: it must
// build on a static base, copy the release's static linux binary, run as a
// non-root user and make that binary the entrypoint.
func TestContainerfile(t *testing.T) {
	f, err := os.Open("../Containerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var from, copies, user, entry []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		switch strings.ToUpper(word) {
		case "FROM":
			from = append(from, rest)
		case "COPY", "ADD":
			copies = append(copies, rest)
		case "USER":
			user = append(user, rest)
		case "ENTRYPOINT":
			entry = append(entry, rest)
		case "RUN":
			t.Errorf("the image runs a command at build time (%q); it must only copy the static binary", line)
		}
	}
	if len(from) != 1 || !(from[0] == "scratch" || strings.HasPrefix(from[0], "gcr.io/distroless/static")) {
		t.Errorf("FROM %v: want one stage on scratch or distroless static", from)
	}
	if len(copies) != 1 || copies[0] != "dist/bin/linux_${TARGETARCH}/sentinel /usr/local/bin/sentinel" {
		t.Errorf("COPY %v: want the release script's static linux binary", copies)
	}
	if len(user) != 1 || strings.HasPrefix(user[0], "0") || user[0] == "root" {
		t.Errorf("USER %v: want a non-root user", user)
	}
	if len(entry) != 1 || entry[0] != `["/usr/local/bin/sentinel"]` {
		t.Errorf("ENTRYPOINT %v: want the copied binary, exec form", entry)
	}
}

// The release script builds what the Containerfile copies, static and
// reproducible, for every platform the README promises.
func TestReleaseScriptFlags(t *testing.T) {
	b, err := os.ReadFile("release.sh")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{"CGO_ENABLED=0", "-trimpath", "-buildvcs=false", "-buildid=", "$pkg.Version=", "$pkg.Commit=", "$pkg.Date=",
		`-o "$3" ./cmd/sentinel`, "dist/bin/${os}_${arch}/$exe", "sha256sum", ".cdx.json", "--mtime=", "gzip -n", "REPRO_CHECK"} {
		if !strings.Contains(s, want) {
			t.Errorf("release.sh lacks %q", want)
		}
	}
	m := regexp.MustCompile(`targets="([^"]*)"`).FindStringSubmatch(s)
	if m == nil {
		t.Fatal("release.sh has no targets list")
	}
	got := strings.Fields(m[1])
	for _, os := range []string{"linux", "darwin", "windows"} {
		for _, arch := range []string{"amd64", "arm64"} {
			found := false
			for _, g := range got {
				found = found || g == os+"/"+arch
			}
			if !found {
				t.Errorf("release.sh does not build %s/%s", os, arch)
			}
		}
	}
	if sh, err := exec.LookPath("bash"); err == nil {
		if out, err := exec.Command(sh, "-n", "release.sh").CombinedOutput(); err != nil {
			t.Errorf("bash -n release.sh: %v\n%s", err, out)
		}
	}
}
