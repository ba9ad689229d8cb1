package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/meaning"
)

// TestRetrainReproduces retrains the scorer from the committed data and
// checks that the result is the embedded model, byte for byte.
func TestRetrainReproduces(t *testing.T) {
	if testing.Short() {
		t.Skip("retraining takes a few seconds")
	}
	ex, err := Load(os.DirFS("data"))
	if err != nil {
		t.Fatal(err)
	}
	m, rep := Train(ex)
	got := m.Encode()
	want, err := os.ReadFile("../../scan/meaning/data/model.bin")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("retraining gives a different model (%d bytes vs %d embedded); run `go run ./internal/train` and commit scan/meaning/data/model.bin", len(got), len(want))
	}
	if e := meaning.Embedded(); e == nil || e.Threshold != m.Threshold {
		t.Fatal("the embedded model does not decode, or its threshold differs")
	}
	t.Log(rep)
	// The threshold is chosen so that no held-apart honest line the frames
	// read as an intent (the only lines S45 can warn on) reaches it.
	if rep.FramedBenignOver > 0 {
		t.Errorf("held-apart honest lines read as an intent at or above the threshold: %d", rep.FramedBenignOver)
	}
}

// TestLoadRejectsBadLines checks that a malformed data line is one clear error.
func TestLoadRejectsBadLines(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/x.tsv", []byte("A\tonly two\n"), 0o644)
	if _, err := Load(os.DirFS(dir)); err == nil {
		t.Fatal("want an error for a line without four fields")
	}
}
