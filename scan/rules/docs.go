package rules

import "bytes"

// Doc is an instruction file as the prose rules read it. The text layer
// (package text) fills it; it is computed once per file and shared by every
// prose rule.
type Doc struct {
	Path  string
	Lines []string
}

// Doc returns the analysed document for the instruction file at p.
func (r *Repo) Doc(p string) *Doc {
	if d, ok := r.docs[p]; ok {
		return d
	}
	f := r.File(p)
	if f == nil {
		return nil
	}
	d := &Doc{Path: p}
	for _, l := range bytes.Split(f.Data, []byte("\n")) {
		d.Lines = append(d.Lines, string(l))
	}
	if r.docs == nil {
		r.docs = map[string]*Doc{}
	}
	r.docs[p] = d
	return d
}
