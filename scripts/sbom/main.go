// Command sbom writes a CycloneDX 1.5 JSON software bill of materials for a
// Go binary, from the build information Go records in it (what
// `go version -m BINARY` prints): the main module, every module linked in,
// the Go toolchain and the build settings. It needs no network and no tool
// beyond the Go standard library, so the release script can run it anywhere.
//
//	go run ./scripts/sbom dist/bin/linux_amd64/sentinel > sentinel.cdx.json
//
// The output is deterministic: its timestamp is SOURCE_DATE_EPOCH (else the
// binary's vcs.time, else the Unix epoch) and its serial number is derived
// from the binary's SHA-256, so two builds of the same source give the same
// file.
package main

import (
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: sbom BINARY")
		os.Exit(2)
	}
	if err := write(os.Stdout, os.Args[1], os.Getenv("SOURCE_DATE_EPOCH")); err != nil {
		fmt.Fprintln(os.Stderr, "sbom:", err)
		os.Exit(1)
	}
}

type hash struct {
	Alg     string `json:"alg"`
	Content string `json:"content"`
}

type property struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type component struct {
	BOMRef     string     `json:"bom-ref"`
	Type       string     `json:"type"`
	Name       string     `json:"name"`
	Version    string     `json:"version,omitempty"`
	PURL       string     `json:"purl,omitempty"`
	Hashes     []hash     `json:"hashes,omitempty"`
	Properties []property `json:"properties,omitempty"`
}

type bom struct {
	BOMFormat    string      `json:"bomFormat"`
	SpecVersion  string      `json:"specVersion"`
	SerialNumber string      `json:"serialNumber"`
	Version      int         `json:"version"`
	Metadata     metadata    `json:"metadata"`
	Components   []component `json:"components"`
	Dependencies []dep       `json:"dependencies"`
}

type metadata struct {
	Timestamp string    `json:"timestamp"`
	Tools     tools     `json:"tools"`
	Component component `json:"component"`
}

type tools struct {
	Components []component `json:"components"`
}

type dep struct {
	Ref       string   `json:"ref"`
	DependsOn []string `json:"dependsOn"`
}

func purl(path, version string) string {
	return "pkg:golang/" + path + "@" + version
}

// write reads the build information of the binary at path and writes its
// SBOM to w.
func write(w io.Writer, path, epoch string) error {
	bi, err := buildinfo.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s has no Go build information: %w", path, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)

	ts := time.Unix(0, 0).UTC()
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if t, err := time.Parse(time.RFC3339, settings["vcs.time"]); err == nil {
		ts = t.UTC()
	}
	if epoch != "" {
		sec, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil {
			return fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds", epoch)
		}
		ts = time.Unix(sec, 0).UTC()
	}

	mainVersion := bi.Main.Version
	if mainVersion == "" || mainVersion == "(devel)" {
		mainVersion = "devel"
	}
	var props []property
	for _, s := range bi.Settings {
		props = append(props, property{Name: "go:build:" + s.Key, Value: s.Value})
	}
	props = append(props, property{Name: "go:toolchain", Value: bi.GoVersion})
	mainRef := purl(bi.Main.Path, mainVersion)
	root := component{BOMRef: mainRef, Type: "application", Name: bi.Main.Path, Version: mainVersion, PURL: mainRef,
		Hashes: []hash{{Alg: "SHA-256", Content: hex.EncodeToString(sum[:])}}, Properties: props}

	goRef := purl("stdlib", bi.GoVersion)
	comps := []component{{BOMRef: goRef, Type: "library", Name: "stdlib", Version: bi.GoVersion, PURL: goRef}}
	refs := []string{goRef}
	for _, m := range bi.Deps {
		if m.Replace != nil {
			m = m.Replace
		}
		ref := purl(m.Path, m.Version)
		c := component{BOMRef: ref, Type: "library", Name: m.Path, Version: m.Version, PURL: ref}
		if m.Sum != "" {
			// The go.sum hash (h1:, a SHA-256 over the module's file list),
			// kept as a property: CycloneDX has no algorithm name for it.
			c.Properties = []property{{Name: "go:module:sum", Value: m.Sum}}
		}
		comps = append(comps, c)
		refs = append(refs, ref)
	}

	// A name-based UUID (version 5 layout) from the binary's hash.
	u := sha256.Sum256(append([]byte("sentinel-sbom:"), sum[:]...))
	u[6] = u[6]&0x0f | 0x50
	u[8] = u[8]&0x3f | 0x80
	h := hex.EncodeToString(u[:16])
	serial := "urn:uuid:" + strings.Join([]string{h[0:8], h[8:12], h[12:16], h[16:20], h[20:32]}, "-")

	doc := bom{
		BOMFormat: "CycloneDX", SpecVersion: "1.5", SerialNumber: serial, Version: 1,
		Metadata: metadata{
			Timestamp: ts.Format(time.RFC3339),
			Tools:     tools{Components: []component{{BOMRef: "sentinel-sbom", Type: "application", Name: "sentinel scripts/sbom"}}},
			Component: root,
		},
		Components:   comps,
		Dependencies: []dep{{Ref: mainRef, DependsOn: refs}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
