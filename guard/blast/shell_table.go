package blast

import (
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// foreignWriters are the deleting and copying commands of PowerShell and
// cmd.exe, by lower-case name, for agents whose shell tool runs them.
var foreignWriters = map[string]func(c *call, args []string){
	"del": removeItems, "erase": removeItems, "rd": removeItems, "remove-item": removeItems, "ri": removeItems,
	"copy": copyItems, "copy-item": copyItems, "cpi": copyItems, "xcopy": copyItems, "robocopy": copyItems,
	"move": moveItems, "move-item": moveItems, "mi": moveItems,
}

// itemArgs returns the operands of a PowerShell or cmd.exe command and the
// value of its -Destination parameter; switches start with - or /.
func itemArgs(args []string) (ops []string, dest string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch l := strings.ToLower(a); {
		case l == "-destination" && i+1 < len(args):
			i++
			dest = args[i]
		case l == "-path" || l == "-literalpath":
		case strings.HasPrefix(a, "-"), strings.HasPrefix(a, "/") && len(a) <= 4:
		default:
			ops = append(ops, a)
		}
	}
	return ops, dest
}

func removeItems(c *call, args []string) {
	ops, _ := itemArgs(args)
	for _, p := range ops {
		c.tree(p)
	}
}

func copyItems(c *call, args []string) {
	ops, dest := itemArgs(args)
	if dest == "" && len(ops) >= 2 {
		ops, dest = ops[:len(ops)-1], ops[len(ops)-1]
	}
	if dest != "" {
		c.tree(dest)
		c.intoFolder(ops, dest, true)
	}
}

func moveItems(c *call, args []string) {
	ops, dest := itemArgs(args)
	if dest == "" && len(ops) >= 2 {
		ops, dest = ops[:len(ops)-1], ops[len(ops)-1]
	}
	for _, p := range ops {
		c.tree(p)
	}
	if dest != "" {
		c.tree(dest)
		c.intoFolder(ops, dest, true)
	}
}

// interpreters run code; the flags give it inline.
var interpreters = map[string][]string{
	"python": {"-c"}, "python2": {"-c"}, "python3": {"-c"}, "pypy": {"-c"}, "pypy3": {"-c"},
	"node": {"-e", "-p", "--eval", "--print"}, "nodejs": {"-e", "-p", "--eval", "--print"},
	"bun": {"-e", "-p", "--eval", "--print"}, "deno": {"eval"},
	"perl": {"-e", "-E"}, "ruby": {"-e"}, "php": {"-r"}, "lua": {"-e"}, "luajit": {"-e"},
	"Rscript": {"-e"}, "R": {"-e"}, "osascript": {"-e"}, "pwsh": {"-c", "-Command", "-command"},
	"powershell": {"-c", "-Command", "-command"}, "tclsh": {"-c"}, "julia": {"-e"},
}

// readers are commands that write no file named on their command line
// (their output goes to standard output, which redirections catch), and
// test runners, whose arguments name what they read. Commands with an
// output option (tree -o, xxd IN OUT, iconv -o) or that run other programs
// (npx, yarn, trap) are not readers: their path-like arguments are judged.
var readers = map[string]bool{
	"cat": true, "less": true, "more": true, "head": true, "tail": true, "grep": true, "egrep": true,
	"fgrep": true, "rg": true, "ag": true, "ack": true, "ls": true, "wc": true, "diff": true,
	"cmp": true, "file": true, "stat": true, "du": true, "df": true, "echo": true, "printf": true,
	"cut": true, "tr": true, "jq": true, "column": true, "nl": true, "tac": true, "rev": true,
	"fold": true, "fmt": true, "paste": true, "join": true, "comm": true, "md5sum": true,
	"sha1sum": true, "sha256sum": true, "sha512sum": true, "shasum": true, "cksum": true, "b2sum": true,
	"hexdump": true, "od": true, "strings": true, "test": true, "[": true,
	"[[": true, "true": true, "false": true, ":": true, "cd": true, "pushd": true, "popd": true,
	"pwd": true, "which": true, "type": true, "whereis": true, "basename": true, "dirname": true,
	"realpath": true, "readlink": true, "id": true, "whoami": true, "date": true, "export": true,
	"declare": true, "local": true, "readonly": true, "typeset": true, "set": true, "unset": true,
	"read": true, "sleep": true, "wait": true, "kill": true, "ps": true, "uname": true, "hostname": true,
	"history": true, "man": true, "help": true, "bat": true, "exit": true, "return": true,
	"shift": true, "seq": true, "yes": true, "env": true, "printenv": true, "locale": true,
	"getent": true, "nproc": true, "free": true, "uptime": true, "lsof": true, "pgrep": true,
	"cargo": true, "pytest": true, "jest": true, "vitest": true, "mocha": true, "tsc": true,
	"helm": true, "gh": true, "sentinel": true, "zcat": true, "bzcat": true, "xzcat": true, "zgrep": true,
	"look": true, "expr": true, "bc": true, "numfmt": true,
}

type writeFunc func(c *call, name string, args []string)

// writers is the table of commands and their write semantics.
var writerTable map[string]writeFunc

func writers() map[string]writeFunc { return writerTable }

// init fills the table (a variable initialiser would make an
// initialisation cycle: find -exec runs commands from the table).
func init() {
	m := map[string]writeFunc{
		"tee":      func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "", true).ops) },
		"sed":      sedWrites,
		"gsed":     sedWrites,
		"perl":     inPlaceOrCode,
		"ruby":     inPlaceOrCode,
		"awk":      awkWrites,
		"gawk":     awkWrites,
		"mawk":     awkWrites,
		"nawk":     awkWrites,
		"cp":       copyWrites,
		"install":  copyWrites,
		"mv":       moveWrites,
		"ln":       linkWrites,
		"dd":       ddWrites,
		"find":     findWrites,
		"curl":     curlWrites,
		"wget":     wgetWrites,
		"git":      gitWrites,
		"patch":    patchWrites,
		"rsync":    rsyncWrites,
		"tar":      tarWrites,
		"gtar":     tarWrites,
		"bsdtar":   tarWrites,
		"unzip":    unzipWrites,
		"split":    splitWrites,
		"csplit":   splitWrites,
		"sort":     sortWrites,
		"uniq":     uniqWrites,
		"touch":    func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "dtr", true).ops) },
		"truncate": func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "sr", true).ops) },
		"sponge":   func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "", true).ops) },
		"mkfifo":   func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "mZ", true).ops) },
		"mknod": func(c *call, _ string, a []string) {
			if ops := parseOpts(a, "mZ", true).ops; len(ops) > 0 {
				c.write(ops[0])
			}
		},
		"dos2unix": func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "", true).ops) },
		"unix2dos": func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "", true).ops) },
		"chmod":    modeWrites,
		"chown":    modeWrites,
		"chgrp":    modeWrites,
		"chattr":   modeWrites,
		"setfacl":  modeWrites,
		"7z":       sevenZipWrites,
		"make":     makeWrites,
		"rename":   func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "", true).ops) },
		"prename":  func(c *call, _ string, a []string) { c.writeAll(parseOpts(a, "", true).ops) },
		"go":       goWrites,
		"docker":   containerCopyWrites,
		"podman":   containerCopyWrites,
		"kubectl":  containerCopyWrites,
		"gmake":    makeWrites,
		"7za":      sevenZipWrites,
		"cpio":     cpioWrites,
	}
	for _, n := range []string{"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "wipe"} {
		m[n] = func(c *call, _ string, a []string) {
			for _, p := range parseOpts(a, "ns", true, "iterations", "size").ops {
				c.tree(p)
			}
		}
	}
	for _, n := range []string{"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4", "lzma", "unlzma", "compress", "uncompress", "pigz", "unpigz", "brotli"} {
		m[n] = compressWrites
	}
	for _, n := range []string{"ed", "red", "ex", "vi", "vim", "nvim", "gvim", "nano", "pico", "emacs", "micro", "joe", "mcedit", "kak", "hx", "helix", "yq"} {
		m[n] = editorWrites
	}
	writerTable = m
}

func (c *call) writeAll(ps []string) {
	for _, p := range ps {
		c.write(p)
	}
}

var sedWriteCmd = sync.OnceValue(func() *regexp.Regexp {
	// A w or W command, or an s command's w flag, naming a file; an e
	// command or flag, running one.
	return regexp.MustCompile(`(^|[;\n}/0-9$])\s*[wWe]\s*\S`)
})

func sedWrites(c *call, name string, a []string) {
	inPlace, files := inPlaceFiles(name, a)
	if inPlace {
		c.writeAll(files)
		return
	}
	p := parseOpts(a, "efl", true, "expression", "file", "line-length")
	scripts := p.all("-e", "--expression")
	if len(scripts) == 0 && len(p.all("-f", "--file")) == 0 && len(p.ops) > 0 {
		scripts = []string{p.ops[0]}
	}
	for _, s := range scripts {
		if sedWriteCmd().MatchString(s) {
			for _, t := range codeTokens(s) {
				c.derived(t, false)
			}
		}
	}
}

// inPlaceOrCode is perl and ruby: -i edits the operands; inline code
// (-e) writes what it likes.
func inPlaceOrCode(c *call, name string, a []string) {
	inPlace, files := inPlaceFiles(name, a)
	if inPlace {
		c.writeAll(files)
		return
	}
	if inlineCode(a, interpreters[name]) || c.hasDoc || len(parseOpts(a, "IrxC", false).ops) == 0 || slices.Contains(a, "-") {
		c.st.unknown = true // inline code, or a program read from the input
		return
	}
	c.candidates(a)
}

// awkWrites: `-i inplace` edits the operands; a program that prints to a
// file or runs a command names what it writes.
func awkWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "fvFilE", true, "file", "assign", "field-separator", "include", "load", "exec")
	ops := p.ops
	if len(p.all("-f", "--file", "-E", "--exec")) == 0 && len(ops) > 0 {
		prog := ops[0]
		ops = ops[1:]
		if strings.ContainsAny(prog, ">|") || strings.Contains(prog, "system") {
			for _, t := range codeTokens(prog) {
				c.derived(t, false)
			}
		}
	}
	inPlace := false
	for _, v := range p.all("-i", "--include") {
		if v == "inplace" || v == "inplace.awk" {
			inPlace = true
		}
	}
	if !inPlace {
		return
	}
	for _, f := range ops {
		if !strings.Contains(f, "=") {
			c.write(f)
		}
	}
}

// copyWrites is cp and install: the destination (after -t/
// --target-directory, or the last operand), dest/basename(src) for each
// source, the folder as a whole for a recursive copy, and the sources of a
// hard-link copy (cp -l), which become writable through the new name.
func copyWrites(c *call, name string, a []string) {
	p := parseOpts(a, "StmogZ", true, "target-directory", "suffix", "mode", "owner", "group", "strip-program")
	if name == "install" && p.has("-d", "--directory") {
		c.writeAll(p.ops)
		return
	}
	recursive := p.has("-r", "-R", "-a", "--recursive", "--archive")
	srcs, dest := p.ops, p.last("-t", "--target-directory")
	if dest == "" {
		if len(srcs) < 2 {
			return
		}
		srcs, dest = srcs[:len(srcs)-1], srcs[len(srcs)-1]
	}
	c.st.add(c.dir, dest, true, recursive && !intoExisting(srcs, dest, p.last("-t", "--target-directory") != ""))
	c.intoFolder(srcs, dest, recursive)
	if name == "cp" && p.has("-l", "--link") {
		for _, s := range srcs {
			c.st.add(c.dir, s, true, recursive)
		}
	}
}

// moveWrites is mv: every source goes (as a whole), the destination and
// dest/basename(src) come.
func moveWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "St", true, "target-directory", "suffix")
	srcs, dest := p.ops, p.last("-t", "--target-directory")
	if dest == "" && len(srcs) >= 2 {
		srcs, dest = srcs[:len(srcs)-1], srcs[len(srcs)-1]
	}
	for _, s := range srcs {
		c.tree(s)
	}
	if dest == "" {
		return
	}
	c.st.add(c.dir, dest, true, !intoExisting(srcs, dest, p.last("-t", "--target-directory") != ""))
	c.intoFolder(srcs, dest, true)
}

// intoExisting reports whether a copy or move certainly lands inside dest
// as dest/basename(src): dest is a folder that exists (".", "..", a
// trailing slash, -t) and every source has a name of its own (not
// `stage/.`, whose contents would land in dest itself).
func intoExisting(srcs []string, dest string, targetDir bool) bool {
	d := path.Clean(dest)
	if !targetDir && !strings.HasSuffix(dest, "/") && d != "." && d != ".." {
		return false
	}
	for _, s := range srcs {
		if b := path.Base(s); b == "." || b == ".." || b == "/" || hasGlob(b) {
			return false
		}
	}
	return true
}

// intoFolder records dest/basename(src) for each source, which is what a
// copy or move writes when dest is a folder: `mv staging/migrations db/`
// writes db/migrations. A dest that looks like a file name (x.sql, not
// .github) is taken as the new name, unless several sources go to it.
func (c *call) intoFolder(srcs []string, dest string, tree bool) {
	b := path.Base(dest)
	if len(srcs) == 1 && !strings.HasSuffix(dest, "/") && strings.LastIndexByte(b, '.') > 0 {
		return
	}
	for _, s := range srcs {
		if isRemote(s) {
			s = s[strings.IndexByte(s, ':')+1:] // host:path
		}
		if b := path.Base(s); b != "." && b != "/" && b != ".." && s != "" {
			c.derived(path.Join(dest, b), tree)
		}
	}
}

// linkWrites is ln: the link names are written; a hard link also makes its
// target writable through the new name; a symbolic link is remembered, so
// later writes through it in the same line reach its target.
func linkWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "St", true, "target-directory", "suffix")
	symbolic := p.has("-s", "--symbolic")
	targets, dir := p.ops, p.last("-t", "--target-directory")
	var names []string
	switch {
	case dir != "":
		for _, t := range targets {
			names = append(names, path.Join(dir, path.Base(t)))
		}
	case len(targets) == 1:
		names = []string{path.Base(targets[0])}
	case len(targets) >= 2:
		last := targets[len(targets)-1]
		targets = targets[:len(targets)-1]
		if len(targets) == 1 {
			names = []string{last}
			if !p.has("-n", "-T", "--no-dereference", "--no-target-directory") {
				names = append(names, path.Join(last, path.Base(targets[0])))
			}
		} else {
			for _, t := range targets {
				names = append(names, path.Join(last, path.Base(t)))
			}
		}
	}
	// A link in place of a folder redirects every write below it
	// (`ln -s /tmp/x .github`): the name is written as a whole.
	if len(names) > 0 {
		c.tree(names[0])
	}
	for i, n := range names {
		t := targets[min(i, len(targets)-1)]
		if symbolic {
			c.st.link(c.dir, n, t)
		}
	}
	if !symbolic {
		for _, t := range targets {
			c.st.add(c.dir, t, true, true)
		}
	}
}

func ddWrites(c *call, _ string, a []string) {
	for _, x := range a {
		if v, ok := strings.CutPrefix(x, "of="); ok {
			c.write(v)
		}
	}
}

// findWrites: what find deletes or edits (-delete, -exec of a writing
// command), the files an -exec'd command writes, and -fprint files.
// A starting folder deleted without a -name or -path filter is written as
// a whole.
func findWrites(c *call, _ string, args []string) {
	i := 0
	for i < len(args) && (args[i] == "-H" || args[i] == "-L" || args[i] == "-P" || strings.HasPrefix(args[i], "-O") || args[i] == "-D") {
		if args[i] == "-D" {
			i++
		}
		i++
	}
	var starts []string
	for ; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") || a == "(" || a == "!" || a == ")" {
			break
		}
		starts = append(starts, a)
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	writes := false
	var names, paths []string
	for ; i < len(args); i++ {
		switch args[i] {
		case "-delete":
			writes = true
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j] != ";" && args[j] != "+" {
				j++
			}
			sub := args[i+1 : j]
			i = j
			if len(sub) == 0 {
				continue
			}
			n := cmdName(sub[0])
			if !readers[n] {
				writes = true
				d := c.dir
				if args[i-len(sub)-1] == "-execdir" || args[i-len(sub)-1] == "-okdir" {
					d = joinPath(d, starts[0])
				}
				sc := &call{st: c.st, depth: c.depth, dir: d}
				_ = sc.run(sub) // a nested parse error only loses targets
			}
		case "-fprint", "-fprint0", "-fls", "-fprintf":
			if i+1 < len(args) {
				i++
				c.write(args[i])
				if args[i-1] == "-fprintf" {
					i++
				}
			}
		case "-name", "-iname":
			if i+1 < len(args) {
				i++
				names = append(names, args[i])
			}
		case "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex":
			if i+1 < len(args) {
				i++
				paths = append(paths, args[i])
			}
		}
	}
	if !writes {
		return
	}
	filtered := len(names)+len(paths) > 0
	for _, st := range starts {
		c.st.add(c.dir, st, true, !filtered)
	}
	for _, st := range starts {
		for _, n := range names {
			c.st.add(c.dir, path.Join(st, n), false, true)
			// -name matches at any depth: a name that ends a usual blast
			// centre's folder (workflows, migrate) names that folder.
			for _, u := range usualFolders(n) {
				c.st.add(c.dir, path.Join(st, u), false, true)
			}
		}
	}
	for _, p := range paths {
		c.st.add(c.dir, p, false, true)
	}
}

// urlName is the file name curl -O and wget give a download: the last
// segment of the URL's path, as written and decoded; "" when it has none.
func urlName(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil
	}
	p := u.EscapedPath()
	if p == "" || strings.HasSuffix(p, "/") {
		return nil
	}
	b := path.Base(p)
	out := []string{b}
	if d, err := url.PathUnescape(b); err == nil && d != b {
		out = append(out, d)
	}
	return out
}

func curlWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "bcdeEFHKmoQrtTuUwxXyYzCDAP", true,
		"output", "output-dir", "cookie-jar", "dump-header", "trace", "trace-ascii", "stderr",
		"libcurl", "etag-save", "hsts", "alt-svc", "data", "header", "request", "user", "user-agent",
		"referer", "form", "upload-file", "cookie", "config", "max-time", "range", "write-out", "proxy",
		"continue-at", "cert", "proxy-user", "telnet-option", "quote", "ftp-port", "url", "connect-timeout",
		"retry", "data-binary", "data-raw", "data-urlencode", "json", "cacert", "key", "resolve")
	outDir := p.last("--output-dir")
	for _, v := range p.all("-o", "--output") {
		if v != "-" && !isDevice(v) {
			c.write(joinPath(outDir, v))
		}
	}
	for _, v := range p.all("-c", "--cookie-jar", "-D", "--dump-header", "--trace", "--trace-ascii", "--stderr", "--libcurl", "--etag-save", "--hsts", "--alt-svc") {
		if v != "-" && v != "%" && !isDevice(v) {
			c.write(v)
		}
	}
	if len(p.all("-K", "--config")) > 0 {
		// A config file may name outputs (output = FILE): not known.
		c.unknownIn(dirOr(outDir))
	}
	if !p.has("-O", "--remote-name", "--remote-name-all") {
		return
	}
	urls := append(p.ops, p.all("--url")...)
	for _, u := range urls {
		names := urlName(u)
		if len(names) == 0 || p.has("-J", "--remote-header-name") {
			c.unknownIn(dirOr(outDir))
			continue
		}
		for _, n := range names {
			c.write(joinPath(outDir, n))
		}
	}
}

func dirOr(d string) string {
	if d == "" {
		return "."
	}
	return d
}

func wgetWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "OoaPeiTtwQUYDRABIXl", true,
		"output-document", "output-file", "append-output", "directory-prefix", "execute", "input-file",
		"timeout", "tries", "wait", "quota", "user-agent", "domains", "reject", "accept", "base",
		"include-directories", "exclude-directories", "level", "header", "user", "password",
		"post-data", "post-file", "load-cookies", "save-cookies", "referer", "default-page")
	for _, v := range p.all("-o", "--output-file", "-a", "--append-output", "--save-cookies") {
		c.write(v)
	}
	if docs := p.all("-O", "--output-document"); len(docs) > 0 {
		for _, v := range docs {
			if v != "-" && !isDevice(v) {
				c.write(v)
			}
		}
		return
	}
	prefix := p.last("-P", "--directory-prefix")
	if p.has("--content-disposition", "--trust-server-names", "-r", "--recursive", "-m", "--mirror") || len(p.all("-i", "--input-file")) > 0 {
		c.unknownIn(dirOr(prefix))
	}
	for _, u := range p.ops {
		names := urlName(u)
		if len(names) == 0 {
			names = []string{"index.html"}
		}
		for _, n := range names {
			c.write(joinPath(prefix, n))
		}
	}
}

// gitWrites: the paths git rm/mv/restore/checkout name (as wholes), and the
// working-tree rewrites (reset --hard, clean, stash, merge, pull, rebase,
// cherry-pick, revert, am, apply from a file or pipe, checkout-index -a),
// from the folder -C, --work-tree or --git-dir... name.
func gitWrites(c *call, _ string, a []string) {
	i := 0
	for i < len(a) && strings.HasPrefix(a[i], "-") {
		switch x := a[i]; {
		case x == "-C" && i+1 < len(a):
			i++
			c.dir = joinPath(c.dir, a[i])
		case x == "--work-tree" && i+1 < len(a):
			i++
			c.dir = joinPath(c.dir, a[i])
		case strings.HasPrefix(x, "--work-tree="):
			c.dir = joinPath(c.dir, x[len("--work-tree="):])
		case x == "-c" && i+1 < len(a):
			// -c core.pager=CMD, alias.x=!CMD, core.sshCommand=CMD: git
			// may run the value as a command.
			i++
			c.gitConfigValue(a[i])
		case x == "--git-dir" || x == "--namespace" || x == "--exec-path" || x == "--config-env":
			i++
		}
		i++
	}
	if c.gitWorkTree != "" {
		c.dir = joinPath(c.dir, c.gitWorkTree)
	}
	sub := a[min(i, len(a)):]
	if len(sub) == 0 {
		return
	}
	rest := sub[1:]
	switch sub[0] {
	case "rm":
		for _, p := range parseOpts(rest, "", true, "pathspec-from-file").ops {
			c.tree(p)
		}
	case "mv":
		moveWrites(c, "mv", rest)
	case "restore":
		p := parseOpts(rest, "s", true, "source", "pathspec-from-file")
		if p.has("-S", "--staged") && !p.has("-W", "--worktree") {
			return // the index only
		}
		for _, x := range p.ops {
			c.tree(x)
		}
	case "checkout":
		dashes := false
		for j, x := range rest {
			if x == "--" {
				for _, p := range rest[j+1:] {
					c.tree(p)
				}
				dashes = true
				break
			}
		}
		if !dashes {
			// `git checkout .env` and `git checkout main go.sum` restore
			// files too; a lone branch name is judged as a path, which
			// asks at most once for a branch named like a blast centre.
			for _, p := range operands(rest, "bBU") {
				c.tree(p)
			}
		}
	case "checkout-index":
		p := parseOpts(rest, "", true, "prefix", "stage")
		if p.has("-a", "--all") || p.has("--stdin") {
			c.wholeRepo()
		}
		c.writeAll(p.ops)
	case "clean":
		p := parseOpts(rest, "e", true, "exclude")
		if p.has("-n", "--dry-run") {
			return
		}
		if len(p.ops) == 0 {
			c.wholeRepo()
		}
		for _, x := range p.ops {
			c.tree(x)
		}
	case "reset":
		p := parseOpts(rest, "", true, "pathspec-from-file")
		if p.has("--hard", "--merge", "--keep") {
			c.wholeRepo()
		}
	case "stash":
		if len(rest) > 0 {
			switch rest[0] {
			case "list", "show", "drop", "clear", "create", "store":
				return
			}
		}
		c.wholeRepo()
	case "merge", "pull", "rebase", "cherry-pick", "revert", "am", "filter-branch", "filter-repo":
		if len(rest) > 0 && (rest[0] == "--show-current-patch" || rest[0] == "--help") {
			return
		}
		c.wholeRepo()
	case "read-tree":
		if parseOpts(rest, "", true, "prefix", "index-output", "exclude-per-directory").has("-u") {
			c.wholeRepo()
		}
	case "sparse-checkout", "bisect", "lfs":
		// Working-tree rewrites except for the forms that only show.
		if len(rest) > 0 {
			switch rest[0] {
			case "list", "log", "view", "visualize", "terms", "ls-files", "status", "env", "track", "untrack", "version", "fetch", "install":
				return
			}
		}
		if sub[0] == "lfs" && (len(rest) == 0 || (rest[0] != "pull" && rest[0] != "checkout")) {
			return
		}
		c.wholeRepo()
	case "worktree", "submodule":
		// worktree add PATH and submodule add URL [PATH] check out into PATH.
		p := parseOpts(rest, "b", true, "branch", "reason", "name", "reference", "depth")
		if len(p.ops) < 2 || p.ops[0] != "add" {
			return
		}
		switch {
		case sub[0] == "worktree":
			c.tree(p.ops[1])
		case len(p.ops) >= 3:
			c.tree(p.ops[2])
		default:
			c.tree(strings.TrimSuffix(path.Base(p.ops[1]), ".git"))
		}
	case "apply":
		p := parseOpts(rest, "pC", true, "directory", "exclude", "include", "whitespace", "build-fake-ancestor")
		if (p.has("--check", "--stat", "--numstat", "--summary") && !p.has("--apply")) || p.has("--cached") {
			return
		}
		c.dir = joinPath(c.dir, p.last("--directory"))
		c.applyPatch(p.ops)
	case "config":
		for _, v := range parseOpts(rest, "f", true, "file", "blob", "type", "default", "comment").ops {
			c.gitConfigValue("=" + v)
		}
	case "archive", "diff", "log", "show", "format-patch", "bundle", "blame", "shortlog":
		p := parseOpts(rest, "o", true, "output", "output-directory")
		for _, v := range p.all("-o", "--output", "--output-directory") {
			if v != "-" {
				c.write(v)
			}
		}
		if sub[0] == "bundle" && len(p.ops) >= 2 && p.ops[0] == "create" {
			c.write(p.ops[1])
		}
	case "clone":
		p := parseOpts(rest, "bocju", true, "branch", "origin", "config", "depth", "reference", "separate-git-dir", "template", "jobs", "filter", "upload-pack", "shallow-since", "shallow-exclude")
		if len(p.ops) >= 2 {
			c.tree(p.ops[1])
		}
	}
}

// applyPatch writes the targets of the patch fed inline, or, for a patch
// read from a file or a pipe, whose targets are not known, the whole tree.
func (c *call) applyPatch(files []string) {
	if len(files) == 0 && c.hasDoc {
		for _, t := range PatchTargets(c.doc) {
			c.write(t)
		}
		return
	}
	c.wholeRepo()
}

// patchWrites is patch [options] [originalfile [patchfile]].
func patchWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "BdDFgioprVYz", true, "directory", "input", "output", "strip", "reject-file", "prefix",
		"suffix", "basename-prefix", "ifdef", "fuzz", "get", "version-control", "quoting-style")
	if p.has("--dry-run") {
		return
	}
	c.dir = joinPath(c.dir, p.last("-d", "--directory"))
	if out := p.last("-o", "--output"); out != "" && out != "-" {
		c.write(out)
		return
	}
	if len(p.ops) > 0 {
		c.write(p.ops[0]) // the original file
		return
	}
	if p.last("-i", "--input") != "" {
		c.wholeRepo()
		return
	}
	c.applyPatch(nil)
}

// rsyncWrites: the destination as a whole, and dest/basename(src) for a
// source without a trailing slash; a remote destination is not local.
func rsyncWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "eBfTM", true, "rsh", "filter", "exclude", "include", "exclude-from", "include-from",
		"files-from", "temp-dir", "compare-dest", "copy-dest", "link-dest", "backup-dir", "suffix", "chmod",
		"log-file", "password-file", "out-format", "rsync-path", "partial-dir", "block-size", "max-size",
		"min-size", "timeout", "port", "chown", "bwlimit", "write-batch", "only-write-batch", "read-batch")
	for _, v := range p.all("--log-file", "--write-batch", "--only-write-batch") {
		c.write(v)
	}
	if p.has("-n", "--dry-run", "--list-only") || len(p.ops) < 2 {
		return
	}
	srcs, dest := p.ops[:len(p.ops)-1], p.ops[len(p.ops)-1]
	if isRemote(dest) {
		return
	}
	contents := false
	for _, s := range srcs {
		if isRemote(s) {
			s = s[strings.IndexByte(s, ':')+1:] // host:path
		}
		b := path.Base(s)
		if strings.HasSuffix(s, "/") || b == "." || b == ".." || b == "/" || hasGlob(b) {
			contents = true // the folder's contents land in dest itself
			continue
		}
		c.derived(path.Join(dest, b), true)
	}
	c.st.add(c.dir, dest, true, contents)
}

// scpWrites: the local destination of scp, as a copy.
func scpWrites(c *call, a []string) {
	p := parseOpts(a, "PioFclSJD", true)
	if len(p.ops) < 2 {
		return
	}
	srcs, dest := p.ops[:len(p.ops)-1], p.ops[len(p.ops)-1]
	if isRemote(dest) {
		return
	}
	recursive := p.has("-r")
	c.st.add(c.dir, dest, true, recursive && !intoExisting(srcs, dest, false))
	c.intoFolder(srcs, dest, recursive)
}

// isRemote reports whether an rsync or scp operand names another host.
func isRemote(p string) bool {
	if strings.HasPrefix(p, "rsync://") {
		return true
	}
	colon := strings.IndexByte(p, ':')
	slash := strings.IndexByte(p, '/')
	return colon > 0 && (slash < 0 || colon < slash) && !isDrivePath(p)
}

// tarWrites: an extraction writes unknown files into -C/--directory (or
// the current folder); a creation writes the archive.
func tarWrites(c *call, _ string, a []string) {
	if len(a) > 0 && !strings.HasPrefix(a[0], "-") {
		a = append([]string{"-" + a[0]}, a[1:]...) // old style: tar xzf a.tgz
	}
	p := parseOpts(a, "fCbHIKLNTVXg", true, "file", "directory", "blocking-factor", "format",
		"use-compress-program", "starting-file", "tape-length", "newer", "after-date", "files-from",
		"label", "exclude-from", "listed-incremental", "owner", "group", "mode", "transform", "xform",
		"strip-components", "to-command", "index-file", "info-script", "new-volume-script", "rsh-command",
		"record-size", "occurrence", "suffix", "checkpoint-action", "volno-file")
	for _, v := range p.all("-g", "--listed-incremental", "--index-file", "--volno-file") {
		c.write(v)
	}
	switch {
	case p.has("-x", "--extract", "--get"):
		if len(p.all("--to-command")) > 0 {
			c.st.unknown = true
			return
		}
		if p.has("-O", "--to-stdout") {
			return
		}
		dirs := p.all("-C", "--directory")
		if len(dirs) == 0 {
			dirs = []string{"."}
		}
		for _, d := range dirs {
			c.unknownIn(d)
		}
		// Members named on the command line are written by name.
		for _, m := range p.ops {
			c.derived(joinPath(dirs[len(dirs)-1], m), true)
		}
	case p.has("-c", "--create", "-r", "--append", "-u", "--update", "-A", "--catenate", "--concatenate", "--delete"):
		for _, f := range p.all("-f", "--file") {
			if f != "-" {
				c.write(f)
			}
		}
	}
}

func unzipWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "dP", true)
	if p.has("-p", "-l", "-t", "-v", "-Z", "-z") {
		return
	}
	c.unknownIn(dirOr(p.last("-d")))
}

// sevenZipWrites: 7z x/e extracts into -oDIR or the current folder.
func sevenZipWrites(c *call, _ string, a []string) {
	if len(a) == 0 || (a[0] != "x" && a[0] != "e") {
		return
	}
	d := "."
	for _, x := range a[1:] {
		if v, ok := strings.CutPrefix(x, "-o"); ok && v != "" {
			d = v
		}
	}
	c.unknownIn(d)
}

func cpioWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "DEFHIMORs", true, "directory", "file", "format", "pattern-file")
	if p.has("-i", "--extract") && !p.has("-t", "--list") {
		c.unknownIn(dirOr(p.last("-D", "--directory")))
	}
	if p.has("-o", "--create") {
		c.writeAll(p.all("-O", "-F", "--file"))
	}
}

// compressWrites: gzip FILE replaces FILE by FILE.gz; gunzip FILE.gz
// writes FILE; -c writes to standard output.
func compressWrites(c *call, name string, a []string) {
	p := parseOpts(a, "SoTbBL", true, "suffix", "output", "threads")
	for _, v := range p.all("-o", "--output") {
		c.write(v)
	}
	if p.has("-c", "--stdout", "--to-stdout", "-l", "--list", "-t", "--test") && len(p.all("-o", "--output")) == 0 {
		return
	}
	decompress := p.has("-d", "--decompress", "--uncompress") || strings.HasPrefix(name, "un") || name == "gunzip"
	keep := p.has("-k", "--keep") || (strings.Contains(name, "zstd") || name == "lz4" || name == "brotli")
	recursive := p.has("-r", "--recursive")
	for _, f := range p.ops {
		if !keep || recursive {
			c.st.add(c.dir, f, true, recursive)
		}
		if decompress {
			if i := strings.LastIndexByte(f, '.'); i > 0 && !strings.Contains(f[i:], "/") {
				c.write(f[:i])
			}
		}
	}
}

// splitWrites: split and csplit write PREFIX followed by a suffix.
func splitWrites(c *call, name string, a []string) {
	if name == "csplit" {
		p := parseOpts(a, "bfn", true, "prefix", "suffix-format", "digits")
		prefix := p.last("-f", "--prefix")
		if prefix == "" {
			prefix = "xx"
		}
		c.write(prefix + "00")
		return
	}
	p := parseOpts(a, "abClnt", true, "suffix-length", "bytes", "line-bytes", "lines", "number", "separator", "additional-suffix", "filter")
	if len(p.all("--filter")) > 0 {
		c.st.unknown = true
	}
	prefix := "x"
	if len(p.ops) >= 2 {
		prefix = p.ops[1]
	}
	sfx := "aa"
	if p.has("-d", "-x", "--numeric-suffixes", "--hex-suffixes") || len(p.all("--numeric-suffixes", "--hex-suffixes")) > 0 {
		sfx = "00"
	}
	c.write(prefix + sfx + p.last("--additional-suffix"))
}

func sortWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "oSTkt", true, "output", "buffer-size", "temporary-directory", "key", "field-separator", "files0-from", "parallel", "compress-program", "random-source", "batch-size")
	c.writeAll(p.all("-o", "--output"))
}

func uniqWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "fsw", true, "skip-fields", "skip-chars", "check-chars", "all-repeated", "group")
	if len(p.ops) >= 2 {
		c.write(p.ops[1])
	}
}

// modeWrites: chmod, chown, chgrp, chattr and setfacl change the files
// named after the mode, owner or ACL; a folder's mode or owner governs
// everything below it, so each is judged as a whole.
func modeWrites(c *call, name string, a []string) {
	var files []string
	needMode := name != "setfacl"
	ref := false
	for i := 0; i < len(a); i++ {
		x := a[i]
		switch {
		case x == "--":
			files = append(files, a[i+1:]...)
			i = len(a)
		case strings.HasPrefix(x, "--reference"):
			ref = true
			if !strings.Contains(x, "=") {
				i++
			}
		case strings.HasPrefix(x, "--"):
		case name == "setfacl" && len(x) == 2 && strings.ContainsRune("mxMX", rune(x[1])):
			i++
		case name == "chmod" && needMode && regexpMode(x):
			needMode = false // chmod -w FILE: the mode looks like an option
		case name == "chattr" && needMode && len(x) > 1 && (x[0] == '+' || x[0] == '='):
			needMode = false
		case name == "chattr" && needMode && len(x) > 1 && x[0] == '-' && strings.ContainsAny(x, "aAcCdDeijPsStTux"):
			needMode = false // chattr -i FILE
		case strings.HasPrefix(x, "-") && len(x) > 1:
		default:
			if needMode && !ref {
				needMode = false
				continue
			}
			files = append(files, x)
		}
	}
	for _, f := range files {
		c.tree(f)
	}
}

func regexpMode(x string) bool {
	if len(x) < 2 || x[0] != '-' {
		return false
	}
	for _, r := range x[1:] {
		if !strings.ContainsRune("rwxXstugoa=+-,", r) {
			return false
		}
	}
	return true
}

// editorWrites: an editor (scripted or not) may write the files it opens;
// its commands (-c, +cmd, a here-document) may name others.
func editorWrites(c *call, name string, a []string) {
	var cmds []string
	var args []string
	for _, x := range a {
		if strings.HasPrefix(x, "+") {
			cmds = append(cmds, x[1:])
			continue
		}
		args = append(args, x)
	}
	p := parseOpts(args, "cSTuUiwWqtp", true, "cmd", "eval", "load", "prompt")
	if name == "yq" {
		if p.has("-i", "--inplace") && len(p.ops) > 1 {
			c.writeAll(p.ops[1:])
		}
		return
	}
	cmds = append(cmds, p.all("-c", "--cmd", "--eval")...)
	if c.hasDoc {
		cmds = append(cmds, c.doc)
	}
	for _, s := range cmds {
		for _, t := range codeTokens(s) {
			c.derived(t, false)
		}
	}
	c.writeAll(p.all("-w", "-W"))
	c.writeAll(p.ops)
}

// makeWrites: make writes the targets it is asked for (`make .env`), from
// -C DIR; the makefile (-f) is read.
func makeWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "CfIjloW", true, "directory", "file", "makefile", "include-dir", "jobs", "load-average", "old-file", "what-if", "assume-old", "assume-new")
	c.dir = joinPath(c.dir, p.last("-C", "--directory"))
	var targets []string
	for _, t := range p.ops {
		if !strings.Contains(t, "=") {
			targets = append(targets, t)
		}
	}
	c.candidates(targets)
}

// goWrites: go build/test -o FILE writes FILE; the rest of go reads (its
// rewrites of go.mod and go.sum are not modelled).
func goWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "oC", true, "o", "C")
	c.dir = joinPath(c.dir, p.last("-C"))
	for _, v := range p.all("-o") {
		c.write(v)
	}
}

// containerCopyWrites: docker cp / podman cp / kubectl cp SRC DEST writes a
// local DEST (one not named CONTAINER:PATH).
func containerCopyWrites(c *call, _ string, a []string) {
	p := parseOpts(a, "cn", true, "container", "namespace", "context", "kubeconfig")
	if len(p.ops) < 3 || p.ops[0] != "cp" {
		return
	}
	srcs, dest := p.ops[1:len(p.ops)-1], p.ops[len(p.ops)-1]
	if isRemote(dest) {
		return
	}
	c.st.add(c.dir, dest, true, !intoExisting(srcs, dest, false))
	c.intoFolder(srcs, dest, true)
}

// gitConfigValue reads a git configuration value that git may run as a
// command: an alias starting with `!` is a shell command line; other
// values with spaces (core.pager, core.sshCommand) have their tokens judged.
func (c *call) gitConfigValue(kv string) {
	_, v, _ := strings.Cut(kv, "=")
	if script, ok := strings.CutPrefix(v, "!"); ok && c.depth < maxShellDepth {
		if err := c.st.parse(script, c.depth+1); err == nil {
			return
		}
	}
	if strings.ContainsAny(v, " \t\n;|&") {
		for _, t := range codeTokens(v) {
			c.derived(t, false)
		}
	}
}
