package suppress

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/sentinel-sec/sentinel/scan"
)

// BaselineVersion is the format version of a baseline file.
const BaselineVersion = 1

// MaxBaseline is the largest baseline file read (16 MiB): far more than
// any project's findings, small enough that a planted file cannot exhaust
// memory.
const MaxBaseline = 16 << 20

// Baseline is a .sentinel-baseline.json file: the findings known when it
// was written, by fingerprint (spec/sentinel-baseline.schema.json).
type Baseline struct {
	Version int `json:"version"`
	// Note says what the file is, for a reader who finds it in a repository.
	Note     string          `json:"note,omitempty"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one known finding. Only Fingerprint is matched; the rest
// is there so a reviewer of the file sees what it holds.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	RuleID      string `json:"rule_id"`
	Path        string `json:"path"`
	Line        int    `json:"line,omitempty"`
	Message     string `json:"message,omitempty"`
}

// Fingerprint is a finding's stable identity: its rule, its path and the
// text of its line with runs of white space made one space, hashed. The
// line number is left out, so a line that moves keeps its fingerprint; a
// line that changes gets a new one. lineText is "" when the finding has no
// line (it is then the finding's evidence, else its message).
func Fingerprint(f scan.Finding, lineText string) string {
	text := lineText
	if f.Line <= 0 {
		text = f.Evidence
		if text == "" {
			text = f.Message
		}
	}
	h := sha256.New()
	h.Write([]byte(f.RuleID))
	h.Write([]byte{0})
	h.Write([]byte(f.Path))
	h.Write([]byte{0})
	h.Write([]byte(strings.Join(strings.Fields(text), " ")))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// LineText is line n (1-based) of data, "" when there is none.
func LineText(data []byte, n int) string {
	if n <= 0 {
		return ""
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(data, '\n')
		if j < 0 {
			return ""
		}
		data = data[j+1:]
	}
	if j := bytes.IndexByte(data, '\n'); j >= 0 {
		data = data[:j]
	}
	return string(bytes.TrimSuffix(data, []byte("\r")))
}

// ReadBaseline decodes a baseline file strictly: unknown keys, a wrong
// version or a malformed fingerprint are one-sentence errors (name is the
// file as the user gave it).
func ReadBaseline(name string, r io.Reader) (*Baseline, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBaseline+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read the baseline %s: %v", name, err)
	}
	if len(data) > MaxBaseline {
		return nil, fmt.Errorf("cannot read the baseline %s: it is larger than %d MiB, which no baseline of Sentinel's is; write a new one with --write-baseline", name, MaxBaseline>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("the baseline %s is not a Sentinel baseline (%s); write a new one with --write-baseline", name, jsonError(data, err))
	}
	if dec.More() {
		return nil, fmt.Errorf("the baseline %s holds more than one JSON value; write a new one with --write-baseline", name)
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("the baseline %s has version %d, and this Sentinel reads version %d; write a new one with --write-baseline", name, b.Version, BaselineVersion)
	}
	for i, e := range b.Findings {
		if len(e.Fingerprint) != 32 || strings.Trim(e.Fingerprint, "0123456789abcdef") != "" {
			return nil, fmt.Errorf("the baseline %s: finding %d has the fingerprint %q, which is not 32 lower-case hex digits; write a new one with --write-baseline", name, i+1, clip(e.Fingerprint, 40))
		}
	}
	return &b, nil
}

// jsonError says where a JSON error is, as line and column.
func jsonError(data []byte, err error) string {
	var off int64 = -1
	switch e := err.(type) {
	case *json.SyntaxError:
		off = e.Offset
	case *json.UnmarshalTypeError:
		off = e.Offset
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if off < 0 {
		return msg
	}
	line, col := LineCol(data, int(off))
	return fmt.Sprintf("line %d, column %d: %s", line, col, msg)
}

// LineCol turns a byte offset into a 1-based line and column.
func LineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := off - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// Encode writes the baseline as indented JSON.
func (b *Baseline) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(b)
}

// counts is the baseline as a multiset of fingerprints: two equal lines
// with the same finding need two entries.
func (b *Baseline) counts() map[string]int {
	if b == nil {
		return nil
	}
	m := make(map[string]int, len(b.Findings))
	for _, e := range b.Findings {
		m[e.Fingerprint]++
	}
	return m
}
