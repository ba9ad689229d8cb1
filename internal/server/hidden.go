package server

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// HiddenContent is what a reader cannot see in one file: the invisible
// characters outside the allowlist, what they spell, and the HTML comments
// a rendered preview hides. The web app's "Reveal hidden content" reads it.
type HiddenContent struct {
	Path string `json:"path"` // as sent
	// InvisibleCount counts invisible characters outside the allowlist;
	// Invisible lists the first text.MaxListed of them.
	InvisibleCount int             `json:"invisible_count"`
	AllowedCount   int             `json:"allowed_count"` // emoji joiners, flags, a leading BOM, script joiners
	Invisible      []InvisibleChar `json:"invisible"`
	Decoded        []DecodedText   `json:"decoded"`
	Comments       []CommentBlock  `json:"comments"`
}

// InvisibleChar is one invisible character.
type InvisibleChar struct {
	Offset    int    `json:"offset"` // byte offset in the file
	Line      int    `json:"line"`
	CodePoint string `json:"code_point"` // "U+200B"
	Class     string `json:"class"`      // zero-width, bidi-control, tag, variation-selector, ...
}

// DecodedText is a sentence spelled by a run of invisible characters.
type DecodedText struct {
	Kind  string `json:"kind"` // unicode-tags, zero-width-binary, variation-selectors
	Line  int    `json:"line"`
	Count int    `json:"count"` // characters in the run
	Text  string `json:"text"`  // secrets redacted
}

// CommentBlock is an HTML comment's line range.
type CommentBlock struct {
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
}

// revealAll analyses every file that may hide something. A file of plain
// ASCII with no "<!--" has nothing to reveal and is skipped without work.
func revealAll(files map[string][]byte) []HiddenContent {
	out := []HiddenContent{}
	for p, data := range files {
		if !mayHide(data) {
			continue
		}
		d := text.Analyze(data)
		if d.InvisibleCount == 0 && d.Allowed == 0 && len(d.Comments) == 0 {
			continue
		}
		h := HiddenContent{Path: p, InvisibleCount: d.InvisibleCount, AllowedCount: d.Allowed,
			Invisible: []InvisibleChar{}, Decoded: []DecodedText{}, Comments: []CommentBlock{}}
		for _, c := range d.Invisible {
			h.Invisible = append(h.Invisible, InvisibleChar{Offset: c.Offset, Line: c.Line, CodePoint: fmt.Sprintf("U+%04X", c.Rune), Class: c.Class.String()})
		}
		for _, x := range d.Hidden {
			h.Decoded = append(h.Decoded, DecodedText{Kind: x.Kind, Line: x.Line, Count: x.Count, Text: redact.String(x.Text)})
		}
		for _, c := range d.Comments {
			h.Comments = append(h.Comments, CommentBlock{Line: c.Line, EndLine: c.EndLine})
		}
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func mayHide(data []byte) bool {
	for _, c := range data {
		if c >= 0x80 {
			return true
		}
	}
	return bytes.Contains(data, []byte("<!--"))
}
