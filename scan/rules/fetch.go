package rules

import (
	"encoding/json"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Runners that fetch a package from a registry and run it: `npx -y pkg`,
// `pnpm dlx pkg`, `yarn dlx pkg`, `bunx pkg`, `uvx pkg`, `uv tool run
// pkg`, `pipx run pkg`. The code that runs is not in the tree, so an
// approval cannot pin its bytes. What it can pin is the package's exact
// version, written in the command (`pkg@1.2.3`, `pkg==1.2.3`), which the
// hash covers with the command: npm and PyPI never let a published
// version's files be replaced, so the same command fetches the same code.
// A name with no exact version (`pkg`, `pkg@latest`, `pkg@^1`, a git URL)
// runs whatever the registry serves at that start, the registry's next
// release too: no approval can say what that is, so the entry cannot be
// approved, and S17a or S19 says why and what to do.
//
// npx, npm exec and bunx run the project's own install when it has one
// (the package is a dependency in package.json, whose lockfile the npm
// row pins, or node_modules/.bin has it): that stays approvable as
// before. pnpm dlx, yarn dlx, uvx, uv tool run and pipx run always fetch.

// fetchMode says when a runner fetches.
type fetchMode int

const (
	fetchNever     fetchMode = iota // pnpm exec, npx --no: the project's install only
	fetchIfMissing                  // npx, npm exec, bunx: unless the project has it
	fetchAlways                     // pnpm dlx, yarn dlx, uvx, uv tool run, pipx run
)

var (
	reNpmExact = regexp.MustCompile(`^=?v?[0-9]+\.[0-9]+\.[0-9]+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$`)
	rePyExact  = regexp.MustCompile(`^[0-9]+(?:\.[0-9]+)*(?:(?:a|b|rc|\.post|\.dev)[0-9]+)*(?:\+[0-9A-Za-z.]+)?$`)
	reNpmName  = regexp.MustCompile(`^(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$`)
	rePyName   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*(?:\[[A-Za-z0-9._,-]*\])?$`)
)

// npmSpec splits an npm package spec ("@scope/x@1.2.3") into its name and
// whether it names one exact version. A spec that is not a registry name
// (a URL, git or file spec, an alias) has no name.
func npmSpec(spec string) (name string, exact bool) {
	at := strings.LastIndex(spec, "@")
	ver := ""
	if at > 0 {
		name, ver = spec[:at], spec[at+1:]
	} else {
		name = spec
	}
	if !reNpmName.MatchString(name) {
		return "", false
	}
	return name, ver != "" && reNpmExact.MatchString(ver)
}

// pySpec is npmSpec for a Python requirement ("x==1.2.3", "x[cli]==1",
// uvx's "x@1.2.3").
func pySpec(spec string) (name string, exact bool) {
	for _, sep := range []string{"===", "==", "@"} {
		if n, v, ok := strings.Cut(spec, sep); ok {
			n = strings.TrimSpace(n)
			if !rePyName.MatchString(n) {
				return "", false
			}
			return n, rePyExact.MatchString(strings.TrimSpace(v))
		}
	}
	if !rePyName.MatchString(spec) {
		return "", false
	}
	return spec, false
}

// fetchRunner names the package runner words run (after wrappers and
// assignments), how it fetches, and where its own words start.
func fetchRunner(words []string) (runner string, py bool, mode fetchMode, rest []string) {
	i, code := unwrap(words)
	if i < 0 || code || i >= len(words) {
		return "", false, fetchNever, nil
	}
	prog := strings.TrimSuffix(path.Base(words[i]), ".exe")
	after := words[i+1:]
	sub, subAt := "", -1
	for j, w := range after {
		if !strings.HasPrefix(w, "-") {
			sub, subAt = w, j
			break
		}
	}
	switch prog {
	case "npx", "pnpx":
		return prog, false, fetchIfMissing, after
	case "bunx":
		return prog, false, fetchIfMissing, after
	case "npm":
		if sub == "exec" || sub == "x" {
			return "npm " + sub, false, fetchIfMissing, after[subAt+1:]
		}
	case "bun":
		if sub == "x" {
			return "bun x", false, fetchIfMissing, after[subAt+1:]
		}
	case "pnpm", "yarn":
		if sub == "dlx" {
			return prog + " dlx", false, fetchAlways, after[subAt+1:]
		}
	case "uvx":
		return prog, true, fetchAlways, after
	case "uv":
		if sub == "tool" && subAt+1 < len(after) && after[subAt+1] == "run" {
			return "uv tool run", true, fetchAlways, after[subAt+2:]
		}
		if sub == "run" {
			// uv run --with pkg adds a package from the index.
			return "uv run", true, fetchNever, after[subAt+1:]
		}
	case "pipx":
		if sub == "run" {
			return "pipx run", true, fetchAlways, after[subAt+1:]
		}
	}
	return "", false, fetchNever, nil
}

// fetchValOpts are the options of the package runners that take a
// separate value, by ecosystem; "pkg" marks those whose value is a
// package the runner fetches.
var fetchValOpts = map[bool]map[string]string{
	false: {"-p": "pkg", "--package": "pkg", "-c": "code", "--call": "code", "-w": "", "--workspace": "", "--prefix": "", "--registry": "", "--cache": "", "--userconfig": ""},
	true: {"--from": "pkg", "--with": "pkg", "--spec": "pkg", "--with-requirements": "file", "--with-editable": "", "-p": "", "--python": "",
		"--index": "", "--default-index": "", "-i": "", "--index-url": "", "--extra-index-url": "", "-f": "", "--find-links": "",
		"-c": "file", "--constraints": "file", "--overrides": "file", "--build-constraints": "file", "--cache-dir": "", "--directory": "", "--project": "",
		"--config-file": "", "--env-file": "", "--python-preference": "", "--pip-args": "", "--backend": "", "--refresh-package": "", "--upgrade-package": "",
		"-P": "", "--reinstall-package": "", "--no-binary-package": "", "--only-binary-package": "", "--index-strategy": "", "--keyring-provider": "",
		"--resolution": "", "--prerelease": "", "--exclude-newer": "", "--link-mode": "", "--compile-bytecode": "", "--color": "", "--allow-insecure-host": "",
		"--with-executables-from": "pkg"},
}

// fetchWordRefs reads the packages a command's words fetch from a
// registry. It returns a refusal for one with no exact version that the
// runner fetches (fetchAlways), a conditional one (depRef.fetch) where
// the runner uses the project's install when there is one, and nothing
// for exact versions, which the command's hash pins.
func fetchWordRefs(words []string, line int) []depRef {
	runner, py, mode, rest := fetchRunner(words)
	if runner == "" {
		return remoteRefs(words, line)
	}
	eco := "npm registry"
	if py {
		eco = "package index"
	}
	var pkgs []string
	bin := ""
	for j := 0; j < len(rest); j++ {
		w := rest[j]
		if w == "--" {
			if j+1 < len(rest) && bin == "" {
				bin = rest[j+1]
			}
			break
		}
		if w == "--no" || w == "--no-install" || w == "--offline" {
			mode = fetchNever
			continue
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			bin = w
			break
		}
		opt, val, has := strings.Cut(w, "=")
		what, takes := fetchValOpts[py][opt]
		if !takes {
			continue
		}
		if !has {
			if j+1 >= len(rest) {
				break
			}
			j++
			val = rest[j]
		}
		switch what {
		case "pkg":
			for v := range strings.SplitSeq(val, ",") {
				if v = strings.TrimSpace(v); v != "" {
					pkgs = append(pkgs, v)
				}
			}
		case "file":
			if mode == fetchAlways || runner == "uv run" {
				return []depRef{{line: line, refuse: "`" + runner + " " + opt + " " + clip(val, 40) + "`, which fetches the packages a file lists from the " + eco + " when it runs; an approval cannot cover what the index serves then; run a version-pinned package (`x==1.2.3`) or install it in the project"}}
			}
		}
	}
	if runner == "uv run" {
		mode = fetchAlways // only its --with packages are fetched
		if len(pkgs) == 0 {
			return nil
		}
	} else if len(pkgs) == 0 && bin != "" {
		pkgs = []string{bin}
	}
	if mode == fetchNever {
		return nil
	}
	if len(pkgs) == 1 && pkgs[0] == bin && onPath[bin] {
		return nil // yarn node x.js, npm exec bash x.sh: the interpreter on PATH
	}
	var out []depRef
	for _, p := range pkgs {
		var name string
		var exact bool
		if p == "\x00" {
			name = ""
		} else if py {
			name, exact = pySpec(p)
		} else {
			name, exact = npmSpec(p)
		}
		if exact {
			continue
		}
		shown := clip(strings.Join(printable(append(strings.Fields(runner), rest...)), " "), 60)
		ex := name
		if ex == "" {
			ex = "x"
		}
		example := ex + "@1.2.3"
		if py {
			example = strings.SplitN(ex, "[", 2)[0] + "==1.2.3"
		}
		say := "`" + shown + "`, which fetches " + strings.ReplaceAll(clip(p, 60), "\x00", "$…") + " from the " + eco + " at each start: with no exact version, whatever the registry serves then (its next release too), which no approval can pin; pin an exact version (" + example + ")"
		if mode == fetchIfMissing && name != "" {
			say += " or make it a dependency of the project"
			b := path.Base(name)
			if bin != "" && bin != p && !strings.Contains(bin, "/") {
				b = bin // npx -p pkg bin
			}
			out = append(out, depRef{line: line, fetch: name, fetchBin: b, refuse: say})
			continue
		}
		out = append(out, depRef{line: line, refuse: say})
	}
	return out
}

// onPath are interpreters every machine has on PATH, which npx and npm
// exec run from there rather than fetch (the script they run is pinned:
// binLoads).
var onPath = map[string]bool{"node": true, "nodejs": true, "sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true,
	"python": true, "python3": true, "ruby": true, "perl": true, "php": true, "deno": true, "bun": true}

// localPackage reports whether the project has the package name (from a
// fetchIfMissing runner): a dependency in package.json, which the npm
// row pins with the lockfile, or a file node_modules/.bin has for it.
func (c *closer) localPackage(name, bin string) bool {
	fsys := c.r.FS
	if fsys == nil {
		return false
	}
	if bin != "" && !strings.Contains(bin, "/") {
		if ex, ok := discover.Exists(fsys, "node_modules/.bin/"+bin); ok && ex {
			return true
		}
	}
	f := c.r.File("package.json")
	if f == nil {
		g, n := discover.ReadFile(fsys, "package.json")
		if n != nil {
			return false
		}
		f = &g
	}
	var pkg map[string]json.RawMessage
	if json.Unmarshal(f.Data, &pkg) != nil {
		return false
	}
	names := []string{name}
	if p, ok := binPackages[name]; ok {
		names = append(names, p)
	}
	for _, k := range []string{"dependencies", "devDependencies", "optionalDependencies"} {
		var deps map[string]string
		if raw, ok := pkg[k]; ok && json.Unmarshal(raw, &deps) == nil {
			for _, n := range names {
				if _, ok := deps[n]; ok {
					return true
				}
			}
		}
	}
	return false
}

// binPackages name the package of a command whose name is not its
// package's (npx tsc runs typescript's tsc when the project has it).
var binPackages = map[string]string{"tsc": "typescript", "tsserver": "typescript", "ng": "@angular/cli", "vue-cli-service": "@vue/cli-service"}

// dockerValOpts are the options of docker and podman run that take a
// separate value (the image is the first operand after them).
var dockerValOpts = map[string]bool{"-e": true, "--env": true, "--env-file": true, "-v": true, "--volume": true, "--name": true, "-p": true, "--publish": true,
	"--network": true, "--net": true, "-w": true, "--workdir": true, "-u": true, "--user": true, "--entrypoint": true, "--mount": true, "-l": true, "--label": true,
	"--platform": true, "--pull": true, "--cpus": true, "-m": true, "--memory": true, "--add-host": true, "--device": true, "--cap-add": true, "--cap-drop": true,
	"--security-opt": true, "-h": true, "--hostname": true, "--ulimit": true, "--restart": true, "--log-driver": true, "--log-opt": true, "--tmpfs": true,
	"--shm-size": true, "--ipc": true, "--pid": true, "--gpus": true, "--runtime": true, "--dns": true, "--expose": true, "--group-add": true, "--label-file": true,
	"--volumes-from": true, "--cidfile": true, "--stop-signal": true, "--stop-timeout": true, "--health-cmd": true, "-a": true, "--attach": true}

var reImageDigest = regexp.MustCompile(`@sha256:[0-9a-f]{64}$`)

// remoteRefs reads the other runners that fetch what they run: a
// container image (`docker run image`, `podman run`), pinned only by its
// digest (`image@sha256:…`: a tag can be moved to another image), and
// Deno's remote modules (`deno run npm:x`, `jsr:@s/x`, a URL), pinned only
// by an exact version (a URL serves whatever its server sends).
func remoteRefs(words []string, line int) []depRef {
	i, code := unwrap(words)
	if i < 0 || code || i+1 >= len(words) {
		return nil
	}
	prog := strings.TrimSuffix(path.Base(words[i]), ".exe")
	rest := words[i+1:]
	switch prog {
	case "docker", "podman", "nerdctl":
		at := slices.Index(rest, "run")
		if at < 0 || slices.ContainsFunc(rest[:at], func(w string) bool { return !strings.HasPrefix(w, "-") }) {
			return nil // another subcommand
		}
		for j := at + 1; j < len(rest); j++ {
			w := rest[j]
			if strings.HasPrefix(w, "-") {
				if opt, _, has := strings.Cut(w, "="); !has && dockerValOpts[opt] {
					j++
				}
				continue
			}
			if w == "\x00" || reImageDigest.MatchString(w) {
				if w == "\x00" {
					return []depRef{{line: line, dynamic: prog + " run $… (an image named at run time)"}}
				}
				return nil
			}
			name := w
			if k := strings.LastIndex(name, "@"); k > 0 {
				name = name[:k]
			}
			return []depRef{{line: line, refuse: "`" + clip(prog+" run … "+w, 60) + "`, which runs the container image " + clip(w, 60) + " as its registry serves it (a tag can be moved to another image at any time), which no approval can pin; pin its digest (" + clip(name, 40) + "@sha256:…)"}}
		}
	case "deno":
		if len(rest) == 0 || rest[0] != "run" && rest[0] != "x" {
			return nil
		}
		for _, w := range rest[1:] {
			if strings.HasPrefix(w, "-") {
				continue // deno's options give their values with "="
			}
			spec, ok := "", false
			for _, pre := range []string{"npm:", "jsr:"} {
				if v, found := strings.CutPrefix(w, pre); found {
					spec, ok = v, true
				}
			}
			switch {
			case ok:
				if _, exact := npmSpec(spec); exact {
					return nil
				}
				return []depRef{{line: line, refuse: "`deno " + rest[0] + " " + clip(w, 50) + "`, which fetches " + clip(w, 50) + " from its registry at each start: with no exact version, whatever the registry serves then, which no approval can pin; pin an exact version (" + strings.SplitN(w, ":", 2)[0] + ":x@1.2.3)"}}
			case strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://"):
				return []depRef{{line: line, refuse: "`deno " + rest[0] + " " + clip(w, 50) + "`, which runs what " + clip(w, 50) + " serves at each start, which no approval can pin; put the script in the project"}}
			}
			return nil // a project file: pinned as a script
		}
	}
	return nil
}
