package rules

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// Doc is a file (or a tool server's configuration text) as the prose
// rules read it: the text layer's Document, computed once and shared by
// every prose rule, with each unit already run through the prose
// prefilter.
type Doc struct {
	Path string
	*text.Document
	// FixedLine, when set, is the line every finding points to: the
	// declaration of a tool server whose strings were read as prose.
	FixedLine int
	// Server names the tool server whose text this is, if any.
	Server string
	// groups is the union of the units' prefilter groups, and unitGroups
	// each unit's groups in a slice of their own, which rules scan far
	// faster than the units themselves.
	groups     uint64
	unitGroups []uint64
}

// Line maps a line of the analysed text to a line of the file.
func (d *Doc) Line(l int) int {
	if d.FixedLine > 0 {
		return d.FixedLine
	}
	return l
}

// Evidence returns the file's text at line l, trimmed and clipped, or the
// unit's own text for tool-server strings and decoded text.
func (d *Doc) Evidence(u *text.Unit, at int) string {
	if u.Where == text.Decoded || d.FixedLine > 0 {
		return clip(strings.TrimSpace(u.Text), 240)
	}
	l := u.LineAt(at)
	if l >= 1 && l <= len(d.Lines) {
		return d.LineEvidence(l)
	}
	return clip(strings.TrimSpace(u.Text), 240)
}

// LineEvidence returns line l of the file, trimmed and clipped, with any
// invisible characters shown as markers.
func (d *Doc) LineEvidence(l int) string {
	if l < 1 || l > len(d.Lines) {
		return ""
	}
	s := d.Lines[l-1]
	if d.InvisibleCount > 0 {
		s = Reveal(s)
	}
	return clip(strings.TrimSpace(s), 240)
}

// NewDoc analyses data as an instruction file at path p.
func NewDoc(p string, data []byte) *Doc {
	return newDoc(p, text.Analyze(data))
}

// newDoc prefilters an analysed document.
func newDoc(p string, td *text.Document) *Doc {
	d := &Doc{Path: p, Document: td}
	prefilterUnits(d.Document)
	d.unitGroups = make([]uint64, len(d.Units))
	for i := range d.Units {
		d.unitGroups[i] = d.Units[i].Groups
		d.groups |= d.Units[i].Groups
	}
	return d
}

// Doc returns the analysed document for the instruction file at p, or nil
// when p is not a discovered file.
func (r *Repo) Doc(p string) *Doc {
	if d, ok := r.docs[p]; ok {
		return d
	}
	f := r.File(p)
	if f == nil {
		return nil
	}
	var d *Doc
	if r.StableData {
		// The document keeps slices of the file's bytes instead of a copy.
		d = newDoc(p, text.AnalyzeString(unsafe.String(unsafe.SliceData(f.Data), len(f.Data))))
	} else {
		d = NewDoc(p, f.Data)
	}
	if r.docs == nil {
		r.docs = map[string]*Doc{}
	}
	r.docs[p] = d
	return d
}

// isProse reports the file kinds an agent reads as instructions.
func isProse(k discover.Kind) bool {
	return k == discover.KindInstructions || k == discover.KindCursorRule
}

// ProseDocs returns every text an agent reads as instructions: each
// instruction file and cursor rule, then the strings of each tool server's
// configuration (descriptions, arguments), in a stable order.
func (r *Repo) ProseDocs() []*Doc {
	var out []*Doc
	for i := range r.Files {
		if isProse(r.Files[i].Kind) {
			if d := r.Doc(r.Files[i].Path); d != nil {
				out = append(out, d)
			}
		}
	}
	for _, s := range r.Servers {
		key := "\x00server\x00" + s.Source + "\x00" + s.Name + "\x00" + strconv.Itoa(s.Line)
		d, ok := r.docs[key]
		if !ok {
			d = serverDoc(s)
			if r.docs == nil {
				r.docs = map[string]*Doc{}
			}
			r.docs[key] = d // cached even when nil: no text
		}
		if d != nil {
			out = append(out, d)
		}
	}
	return out
}

// serverDoc reads a tool server's strings as one instruction text, each
// string a paragraph of its own.
func serverDoc(s agentcfg.Server) *Doc {
	if len(s.Text) == 0 {
		return nil
	}
	var b strings.Builder
	for _, t := range s.Text {
		b.WriteString(t)
		b.WriteString("\n\n")
	}
	d := NewDoc(s.Source, []byte(b.String()))
	d.FixedLine = s.Line
	if d.FixedLine == 0 {
		d.FixedLine = 1
	}
	d.Server = s.Name
	return d
}
