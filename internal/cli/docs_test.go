package cli_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArchitectureListsEveryPackage: ARCHITECTURE.md's package map names
// every Go package of the module (as `path`), and its dependency table every
// module go.mod requires directly, so a newcomer finds each one explained.
func TestArchitectureListsEveryPackage(t *testing.T) {
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	arch := string(doc)
	seen := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		if seen[pkg] {
			return nil
		}
		seen[pkg] = true
		if !strings.Contains(arch, "`"+pkg+"`") && !strings.Contains(arch, "`"+pkg+"/`") && !strings.Contains(arch, "`"+pkg+",") && !strings.Contains(arch, ", `"+pkg+"`") {
			t.Errorf("ARCHITECTURE.md does not name the package %s", pkg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inRequire := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "require (":
			inRequire = true
			continue
		case line == ")":
			inRequire = false
			continue
		}
		if !inRequire || strings.Contains(line, "// indirect") || line == "" {
			continue
		}
		mod := strings.Fields(line)[0]
		if !strings.Contains(arch, "`"+strings.TrimSuffix(mod, "/v2")) && !strings.Contains(arch, "`"+mod) {
			t.Errorf("ARCHITECTURE.md's dependency table does not explain %s", mod)
		}
	}
}
