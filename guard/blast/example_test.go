package blast_test

import (
	"fmt"

	"github.com/sentinel-sec/sentinel/guard/blast"
)

// An agent loop in one process keeps one Gate per turn.
func ExampleGate() {
	c := blast.NewClassifier(blast.WithRoot("/home/dev/shop"))
	gate := blast.NewGate() // a new user prompt: a new Gate

	for _, call := range []struct {
		tool  string
		input map[string]any
	}{
		{"Write", map[string]any{"file_path": "/home/dev/shop/src/app.ts"}},
		{"Bash", map[string]any{"command": "echo 'CREATE INDEX i ON t(c);' > migrations/0042.sql"}},
		{"Bash", map[string]any{"command": "echo 'CREATE INDEX i ON t(c);' > migrations/0042.sql"}},
	} {
		targets, err := c.Radius(call.tool, call.input)
		if err != nil {
			fmt.Println("fail closed:", err)
			continue
		}
		if b := gate.Check(targets); b != nil {
			fmt.Printf("%s: blocked once, %s (%s)\n", call.tool, b.Targets[0].Path, b.Targets[0].Reasons[0])
			continue
		}
		fmt.Printf("%s: no opinion\n", call.tool)
	}
	// Output:
	// Write: no opinion
	// Bash: blocked once, migrations/0042.sql (database migration)
	// Bash: no opinion
}

func ExampleClassify() {
	for _, p := range []string{"src/author.ts", "src/auth/session.ts", `.github\workflows\ci.yml`} {
		v := blast.Classify(p)
		fmt.Println(v.Path, v.Sensitive, v.Reasons)
	}
	// Output:
	// src/author.ts false []
	// src/auth/session.ts true [auth / billing / permissions code]
	// .github/workflows/ci.yml true [CI workflow, this gates every merge]
}
