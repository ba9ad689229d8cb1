package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The SBOM of the test binary itself: every module Go recorded is listed
// with a package URL, the binary's hash is right, and two runs agree.
func TestSBOMOfThisBinary(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := write(&a, exe, "1700000000"); err != nil {
		t.Fatal(err)
	}
	if err := write(&b, exe, "1700000000"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two SBOMs of one binary differ")
	}
	var doc bom
	if err := json.Unmarshal(a.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.BOMFormat != "CycloneDX" || doc.SpecVersion != "1.5" || doc.Metadata.Timestamp != "2023-11-14T22:13:20Z" {
		t.Errorf("header: %+v", doc)
	}
	if !strings.HasPrefix(doc.SerialNumber, "urn:uuid:") || len(doc.SerialNumber) != len("urn:uuid:")+36 {
		t.Errorf("serial number %q", doc.SerialNumber)
	}
	if len(doc.Metadata.Component.Hashes) != 1 || len(doc.Metadata.Component.Hashes[0].Content) != 64 {
		t.Errorf("the binary's hash is missing: %+v", doc.Metadata.Component)
	}
	if len(doc.Components) == 0 || doc.Components[0].Name != "stdlib" {
		t.Errorf("the Go toolchain is not listed first: %+v", doc.Components)
	}
	for _, c := range doc.Components {
		if !strings.HasPrefix(c.PURL, "pkg:golang/") || c.Version == "" {
			t.Errorf("component without a package URL or version: %+v", c)
		}
	}
	if len(doc.Dependencies) != 1 || len(doc.Dependencies[0].DependsOn) != len(doc.Components) {
		t.Errorf("dependencies: %+v", doc.Dependencies)
	}
}

func TestSBOMBadInput(t *testing.T) {
	p := filepath.Join(t.TempDir(), "not-a-binary")
	os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755)
	var out bytes.Buffer
	if err := write(&out, p, ""); err == nil || !strings.Contains(err.Error(), "no Go build information") {
		t.Errorf("a shell script: %v", err)
	}
	exe, _ := os.Executable()
	if err := write(&out, exe, "yesterday"); err == nil || !strings.Contains(err.Error(), "SOURCE_DATE_EPOCH") {
		t.Errorf("a bad SOURCE_DATE_EPOCH: %v", err)
	}
}
