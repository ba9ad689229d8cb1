package shellcmd

import (
	"reflect"
	"testing"
)

func TestScripts(t *testing.T) {
	tests := []struct {
		cmd  string
		args []string
		want []Script
	}{
		{cmd: "./scripts/format.sh", want: []Script{{Path: "scripts/format.sh"}}},
		{cmd: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh`, want: []Script{{Path: ".claude/hooks/check.sh"}}},
		{cmd: `"$CLAUDE_PROJECT_DIR/.claude/hooks/check.sh" --fast`, want: []Script{{Path: ".claude/hooks/check.sh"}}},
		{cmd: `${GEMINI_PROJECT_DIR}/hooks/x.py`, want: []Script{{Path: "hooks/x.py"}}},
		{cmd: "node .github/setup.js", want: []Script{{Path: ".github/setup.js"}}},
		{cmd: "bun scripts/hooks/post-write.ts --platform gemini", want: []Script{{Path: "scripts/hooks/post-write.ts"}}},
		{cmd: "python3 -u 'tools/hook.py'", want: []Script{{Path: "tools/hook.py"}}},
		{cmd: "uv run scripts/lint.py", want: []Script{{Path: "scripts/lint.py"}}},
		{cmd: "npx tsx scripts/a.ts", want: []Script{{Path: "scripts/a.ts"}}},
		{cmd: "cd \"$CLAUDE_PROJECT_DIR\" && ./run.sh", want: []Script{{Path: "run.sh"}}},
		{cmd: "test -f ./run.sh && ./run.sh", want: []Script{{Path: "run.sh", Guarded: true}}},
		{cmd: "[ -x scripts/h.sh ] && scripts/h.sh || true", want: []Script{{Path: "scripts/h.sh", Guarded: true}}},
		{cmd: "[[ -f .claude/h.sh ]] && bash .claude/h.sh", want: []Script{{Path: ".claude/h.sh", Guarded: true}}},
		{cmd: "node", args: []string{"dist/index.js"}, want: []Script{{Path: "dist/index.js"}}},
		// A cd to a literal folder below the project moves later paths.
		{cmd: "cd sub && ./run.sh", want: []Script{{Path: "sub/run.sh"}}},
		{cmd: "cd scripts; bash lint.sh", want: []Script{{Path: "scripts/lint.sh"}}},
		{cmd: `cd "$CLAUDE_PROJECT_DIR/.claude/hooks" && ./check.sh`, want: []Script{{Path: ".claude/hooks/check.sh"}}},
		{cmd: "cd tools && cd hooks && [ -x ./h.sh ] && ./h.sh", want: []Script{{Path: "tools/hooks/h.sh", Guarded: true}}},
		{cmd: "cd a/b && ../c.sh", want: []Script{{Path: "a/c.sh"}}},
		// After a cd, the project variable still names the project folder,
		// and "." the folder the command is in.
		{cmd: `cd scripts && "$CLAUDE_PROJECT_DIR"/x.sh`, want: []Script{{Path: "x.sh"}}},
		{cmd: `cd a/b && cd "$CLAUDE_PROJECT_DIR" && ./x.sh`, want: []Script{{Path: "x.sh"}}},
		{cmd: `cd scripts && cd . && ./x.sh`, want: []Script{{Path: "scripts/x.sh"}}},
		{cmd: `cd scripts && [ -f "$CLAUDE_PROJECT_DIR/h.sh" ] && "$CLAUDE_PROJECT_DIR/h.sh"`, want: []Script{{Path: "h.sh", Guarded: true}}},
		// sh -c with a literal string is a command of its own.
		{cmd: `sh -c "./scripts/b.sh"`, want: []Script{{Path: "scripts/b.sh"}}},
		{cmd: `bash -lc 'cd hooks && python3 x.py --fast'`, want: []Script{{Path: "hooks/x.py"}}},
		{cmd: `cd tools && sh -c './y.sh'`, want: []Script{{Path: "tools/y.sh"}}},
		// An option's value is not the script (red team 10): the script is
		// the word after it.
		{cmd: "node --env-file .env x.js", want: []Script{{Path: "x.js"}}},
		{cmd: "node --env-file ./config/.env tools/x.js", want: []Script{{Path: "tools/x.js"}}},
		{cmd: "node --env-file=.env x.js", want: []Script{{Path: "x.js"}}},
		{cmd: "node --env-file .env --env-file .env.ci x.js", want: []Script{{Path: "x.js"}}},
		{cmd: "node --env-file-if-exists ./.env.local x.js", want: []Script{{Path: "x.js"}}},
		{cmd: "node -r ./pre.js x.js", want: []Script{{Path: "x.js"}}},
		{cmd: "node --import ./reg.mjs x.mjs", want: []Script{{Path: "x.mjs"}}},
		{cmd: "bun --env-file .env x.ts", want: []Script{{Path: "x.ts"}}},
		{cmd: "bun run --env-file .env x.ts", want: []Script{{Path: "x.ts"}}},
		{cmd: "uv run --env-file .env x.py", want: []Script{{Path: "x.py"}}},
		{cmd: "uv run --env-file .env python x.py", want: []Script{{Path: "x.py"}}},
		{cmd: "uv run --with rich python tools/x.py", want: []Script{{Path: "tools/x.py"}}},
		{cmd: "uv run --python 3.12 x.py", want: []Script{{Path: "x.py"}}},
		{cmd: "python3 -X dev tools/x.py", want: []Script{{Path: "tools/x.py"}}},
		{cmd: "python3 -W ignore x.py", want: []Script{{Path: "x.py"}}},
		{cmd: "npx tsx --env-file .env x.ts", want: []Script{{Path: "x.ts"}}},
		{cmd: "bash -o pipefail tools/x.sh", want: []Script{{Path: "tools/x.sh"}}},
		{cmd: "pwsh -ExecutionPolicy Bypass -File tools/x.ps1", want: []Script{{Path: "tools/x.ps1"}}},
		{cmd: `node --env-file ".env" "x.js"`, want: []Script{{Path: "x.js"}}},
		// deno's --env-file takes a value only after "=": the next word is
		// the module (here .env, not a script Sentinel names).
		{cmd: "deno run --env-file=.env x.ts", want: []Script{{Path: "x.ts"}}},
		{cmd: "deno run --env-file .env x.ts"},
		// An option that moves the folder: the script is not certain.
		{cmd: "uv run --directory sub python x.py"},
		{cmd: "uv run --directory=../other python x.py"},
		{cmd: "bun --cwd web x.ts"},
		// Never guessed:
		{cmd: `H="$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh"; [ -x "$H" ] && exec "$H"; exit 0`},
		{cmd: "cd $DIR && ./run.sh"},
		{cmd: "cd /opt/x && ./run.sh"},
		{cmd: "cd ~/proj && ./run.sh"},
		{cmd: "cd .. && ./run.sh"},
		{cmd: "cd - && ./run.sh"},
		{cmd: "cd sub || ./run.sh"},
		{cmd: "cd sub || true; ./run.sh"},
		{cmd: `sh -c "$CMD"`},
		{cmd: `bash -c "./x.sh $(cat f)"`},
		{cmd: "/usr/local/bin/hook.sh"},
		{cmd: "~/.claude/statusline.sh"},
		{cmd: "bash -c 'echo hi'"},
		{cmd: "node -e 'console.log(1)'"},
		{cmd: "npx prettier --write ."},
		{cmd: "echo done 2>/dev/null"},
		{cmd: "$HOME/bin/x.sh"},
		{cmd: "./scripts/*.sh"},
		{cmd: "python -m mypkg.hook"},
		{cmd: "if then fi ((("},
		{cmd: "jq -r '.tool_input.file_path' | xargs prettier --write"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			got := Scripts(tt.cmd, tt.args)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Scripts(%q) = %+v, want %+v", tt.cmd, got, tt.want)
			}
		})
	}
}

func FuzzScripts(f *testing.F) {
	for _, s := range []string{"./a.sh", "node x.js", `"$CLAUDE_PROJECT_DIR"/h.sh`, "[ -f a ] && a", "cd x && y", "$(curl x)|sh"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		got := Scripts(cmd, nil)
		// A parser reused after any earlier input (an error included)
		// answers as a new one does.
		if again := Scripts(cmd, nil); !reflect.DeepEqual(got, again) {
			t.Fatalf("%q: %+v, then %+v with a reused parser", cmd, got, again)
		}
		for _, s := range got {
			if s.Path == "" || s.Path[0] == '/' {
				t.Fatalf("bad script path %q from %q", s.Path, cmd)
			}
		}
	})
}

// TestParserReuse interleaves commands that fail to parse with ones that
// parse: the pooled parser carries nothing from one to the next.
func TestParserReuse(t *testing.T) {
	for i := 0; i < 3; i++ {
		for _, bad := range []string{"if then fi (", "echo 'unclosed", "a && && b", "$(("} {
			if got := Scripts(bad, nil); got != nil {
				t.Errorf("Scripts(%q) = %+v, want nil", bad, got)
			}
			if got := Scripts("./scripts/check.sh --fast", nil); len(got) != 1 || got[0].Path != "scripts/check.sh" {
				t.Errorf("after %q: %+v", bad, got)
			}
		}
	}
}
