package rules

import (
	"bytes"
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
	if l >= 1 && l <= d.NumLines() {
		return d.LineEvidence(l)
	}
	return clip(strings.TrimSpace(u.Text), 240)
}

// LineEvidence returns line l of the file, trimmed and clipped, with any
// invisible characters shown as markers.
func (d *Doc) LineEvidence(l int) string {
	if l < 1 || l > d.NumLines() {
		return ""
	}
	s := d.LineText(l)
	if d.InvisibleCount > 0 {
		s = Reveal(s)
	}
	return clip(strings.TrimSpace(s), 240)
}

// NewDoc analyses data as an instruction file at path p.
func NewDoc(p string, data []byte) *Doc {
	return analyseDoc(p, string(data))
}

// analyseDoc analyses src, which the document may keep slices of, cutting
// into units only the regions a prose rule could match (proseFilter).
func analyseDoc(p, src string) *Doc {
	if eagerDocs {
		return newDoc(p, text.AnalyzeString(src))
	}
	return newDoc(p, text.AnalyzeFiltered(src, proseFilter()))
}

// eagerDocs makes analyseDoc cut every region into units; tests set it to
// prove the filter changes no finding.
var eagerDocs = false

// newDoc prefilters an analysed document.
func newDoc(p string, td *text.Document) *Doc {
	d := &Doc{Path: p, Document: td}
	if !td.Marked {
		prefilterUnits(d.Document)
	}
	markForeign(d.Units)
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
	if strings.HasSuffix(p, ".toml") {
		// A TOML command file (Gemini CLI's .gemini/commands) holds its
		// prompt in a string: read the text without the delimiters, or
		// the whole prompt would look like a quotation.
		// The blanked copy is this document's own.
		t := tomlStringsAsText(f.Data)
		d = analyseDoc(p, unsafe.String(unsafe.SliceData(t), len(t)))
	} else if r.StableData {
		// The document keeps slices of the file's bytes instead of a copy.
		d = analyseDoc(p, unsafe.String(unsafe.SliceData(f.Data), len(f.Data)))
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
	// Prompt hooks (Claude Code's "prompt" and "agent" hooks, Kiro's
	// askAgent hooks) send their text to a model at every event: it is
	// read as instructions too.
	for _, a := range r.AutoRuns {
		if (a.Type != "prompt" && a.Type != "agent") || strings.TrimSpace(a.Command) == "" {
			continue
		}
		key := "\x00prompt\x00" + a.Source + "\x00" + a.Event + "\x00" + strconv.Itoa(a.Line)
		d, ok := r.docs[key]
		if !ok {
			d = NewDoc(a.Source, []byte(a.Command))
			d.FixedLine = max(a.Line, 1)
			if r.docs == nil {
				r.docs = map[string]*Doc{}
			}
			r.docs[key] = d
		}
		out = append(out, d)
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

// tomlStringsAsText returns a copy of a TOML file in which the text of its
// string values stands alone, as the agent reads it: each "key = " and the
// opening delimiter of its string (a triple quote of either kind around a
// multi-line string, a quote around a one-line one) become spaces, and the
// closing delimiter ends the value like a full stop, so two values never
// read as one sentence. Text inside a multi-line string is left as it is.
// Every byte keeps its offset and line, so findings point at the file as
// written.
func tomlStringsAsText(data []byte) []byte {
	out := bytes.Clone(data)
	blank := func(b []byte) {
		for i := range b {
			b[i] = ' '
		}
	}
	// stop turns a closing delimiter into a full stop and spaces.
	stop := func(b []byte) {
		blank(b)
		b[0] = '.'
	}
	var inside []byte // the delimiter of the multi-line string the line is in
	for start := 0; start < len(out); {
		end := bytes.IndexByte(out[start:], '\n')
		if end < 0 {
			end = len(out)
		} else {
			end += start
		}
		line := out[start:end]
		start = end + 1
		if inside != nil {
			if k := bytes.Index(line, inside); k >= 0 {
				stop(line[k : k+3])
				inside = nil
			}
			continue
		}
		eq := bytes.IndexByte(line, '=')
		if eq <= 0 || bytes.ContainsAny(bytes.TrimSpace(line[:eq]), " \t\"'#[") {
			continue // not key = value
		}
		v := eq + 1
		for v < len(line) && (line[v] == ' ' || line[v] == '\t') {
			v++
		}
		rest := line[v:]
		switch {
		case bytes.HasPrefix(rest, []byte(`"""`)), bytes.HasPrefix(rest, []byte(`'''`)):
			delim := bytes.Clone(rest[:3])
			blank(line[:v+3])
			if k := bytes.Index(line[v+3:], delim); k >= 0 {
				stop(line[v+3+k : v+6+k])
			} else {
				inside = delim
			}
		case len(rest) > 1 && (rest[0] == '"' || rest[0] == '\''):
			c := len(line) - 1
			for c > v && (line[c] == ' ' || line[c] == '\t' || line[c] == '\r') {
				c--
			}
			if c > v && line[c] == rest[0] {
				blank(line[:v+1])
				stop(line[c : c+1])
			}
		}
	}
	return out
}
