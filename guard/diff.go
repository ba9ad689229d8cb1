package guard

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	udiff "github.com/aymanbagabas/go-udiff"
)

// BinaryDiffers is the whole diff of two different binary contents.
const BinaryDiffers = "binary file differs\n"

// DiffText returns a unified diff of old and new with hunks and three lines of
// context, labelled "old" and "new". It is empty when the contents are
// identical, marks a missing final newline, keeps CR of CRLF line ends (a
// line-ending change shows as changed lines), and is BinaryDiffers when
// either side is binary (NUL bytes or invalid UTF-8) and they differ.
func DiffText(old, new string) string { return DiffFiles("old", "new", old, new) }

// DiffFiles is DiffText with the labels of the --- and +++ lines.
func DiffFiles(oldLabel, newLabel, old, new string) string {
	if old == new {
		return ""
	}
	if isBinary(old) || isBinary(new) {
		return BinaryDiffers
	}
	return udiff.Unified(oldLabel, newLabel, old, new)
}

// isBinary looks at the first 8000 bytes, as git does.
func isBinary(s string) bool {
	head := s
	if len(head) > 8000 {
		head = head[:8000]
		// Do not cut a UTF-8 sequence in half.
		for i := 0; i < utf8.UTFMax && len(head) > 0 && !utf8.ValidString(head); i++ {
			head = head[:len(head)-1]
		}
	}
	return bytes.IndexByte([]byte(head), 0) >= 0 || !utf8.ValidString(head)
}

// DescribeFileWrite previews writing newContent to path over oldContent
// (empty for a new file).
func DescribeFileWrite(path, oldContent, newContent string) *DryRunResult {
	r := &DryRunResult{Description: fmt.Sprintf("Write %s", path)}
	switch {
	case oldContent == "" && newContent != "":
		r.Description = fmt.Sprintf("Create %s (%d bytes)", path, len(newContent))
	case oldContent == newContent:
		r.Description = fmt.Sprintf("Write %s (no change)", path)
	case newContent == "":
		r.Description = fmt.Sprintf("Empty %s (%d bytes removed)", path, len(oldContent))
		r.Warnings = append(r.Warnings, "the file will be left empty")
	}
	r.Diff = DiffFiles("a/"+path, "b/"+path, oldContent, newContent)
	return r
}

// DescribeFileDelete previews deleting path, with the irreversibility warning.
func DescribeFileDelete(path string) *DryRunResult {
	return &DryRunResult{
		Description: fmt.Sprintf("Delete %s", path),
		Warnings:    []string{"This cannot be undone: the file is removed from disk, not moved to a trash folder."},
	}
}
