package meaning

import (
	"strings"
	"sync"
)

// Reading is how one unit of a file was read and scored.
type Reading struct {
	Unit  Unit    `json:"unit"`
	Frame Frame   `json:"frame"`
	Score float32 `json:"score"`
	// Threshold is the model's threshold the score is compared with.
	Threshold float32 `json:"threshold"`
	// SectionGuard is the heading or list introduction that makes every
	// unit below it a prohibition ("Never:"), "" for none.
	SectionGuard string `json:"section_guard,omitempty"`
	// Warn says the unit reads as an instruction to do harm: an intent,
	// no guard, and a score at or above the threshold.
	Warn bool `json:"warn"`
}

var unitPool = sync.Pool{New: func() any { return new([]Unit) }}

var scratchPool = sync.Pool{New: func() any { return new([2]gateScratch) }}

// maxWarnUnit is the longest unit that may warn. An instruction is a
// sentence; a unit longer than this is explanation (a paragraph of
// reasoning without full stops, a long table cell), where a frame's parts
// meet by chance. Such units are still read and scored for explain.
const maxWarnUnit = 360

// Analyze reads every unit of an instruction file. A unit in a language
// the data does not cover is read as an empty frame and never warns.
func Analyze(src string) []Reading { return analyze(src, true) }

// Preload builds what Warnings needs before it reads a first file (the
// lexicons, the gates and the model), once per process; a caller may run
// it beside other work. Warnings builds them itself when it has not run.
func Preload() {
	loaded()
	formGateOnce()
	Embedded()
}

// Warnings returns the readings of Analyze(src) that warn, in order,
// without keeping the others: what rule S45 needs. TestWarningsMatchAnalyze
// checks it against Analyze.
func Warnings(src string) []Reading { return analyze(src, false) }

// analyze reads every unit; with all, it returns every reading, else only
// those that warn.
func analyze(src string, all bool) []Reading {
	var fg *formGate
	if !all {
		fg = formGateOnce()
	}
	return analyzeGate(src, all, fg)
}

// analyzeGate is analyze with the form gate fg (nil: the class gate
// alone), which only Warnings uses.
func analyzeGate(src string, all bool, fg *formGate) []Reading {
	m := Embedded()
	d := loaded()
	if d.gate == nil {
		fg = nil
	}
	// The file's language is guessed only when a unit needs it.
	fileLang, guessed := "", false
	langOf := func(text string) string {
		if l := Lang(text); l != "" {
			return l
		}
		if !guessed {
			fileLang, guessed = Lang(src), true
		}
		return fileLang
	}
	var units []Unit
	var out []Reading
	// The scans of the unit and the one before, in pair, their buffers
	// pooled.
	var scratch *[2]gateScratch
	if fg != nil {
		scratch = scratchPool.Get().(*[2]gateScratch)
		defer func() {
			for i := range scratch {
				scratch[i].s, scratch[i].g = "", nil // keep no file alive
			}
			scratchPool.Put(scratch)
		}()
	}
	if all {
		units = Units(src)
		// Never grown, so prev stays valid.
		out = make([]Reading, 0, len(units))
	} else {
		// Only the readings that warn are returned, as copies: the
		// units can go back to a pool.
		up := unitPool.Get().(*[]Unit)
		units = appendUnitsLower((*up)[:0], src, false)
		defer func() {
			clear(units) // keep no file alive from the pool
			*up = units[:0]
			unitPool.Put(up)
		}()
	}
	// Without all, the unit and the one before are kept in pair: a
	// reading is copied out when it warns, and the one before is changed
	// later only when it was not read, so never once it warns.
	var pair [2]Reading
	var prev *Reading
	prevGroups := uint64(0)
	// prevFormed says prevGroups are the form gate's.
	prevFormed := false
	var sections map[string]bool
	for i, u := range units {
		var r *Reading
		if all {
			out = append(out, Reading{Unit: u})
			r = &out[len(out)-1]
		} else {
			r = &pair[i%2]
			*r = Reading{Unit: u}
		}
		groups := uint64(0)
		if fg != nil {
			groups = fg.scan(d, u.Text, &scratch[i%2])
		} else if d.gate != nil {
			groups = d.gate.groups(u.Text)
		}
		joinable := prev != nil && prev.Unit.Para == u.Para && prevGroups&d.lend != 0
		read := d.gate == nil || d.possible(groups) || joinable && d.possible(groups|prevGroups&d.lend)
		formed := false
		if read && fg != nil {
			// Warnings: the classes of the forms that match, not
			// only of the literals that stand (verify_fast.go); for
			// the unit before too when it may lend its parts.
			lent := uint64(0)
			if joinable {
				lent = prevGroups & d.lend
			}
			if v, ok := fg.verifyStaged(d, &scratch[i%2], lent); !ok {
				// No intent, alone or joined; the scan's groups
				// stay for the unit after.
				read = false
			} else {
				groups, formed = v, true
				if joinable && !prevFormed {
					// The scan of the unit before is still in
					// the other scratch.
					prevGroups = fg.verify(&scratch[(i+1)%2])
				}
				joinable = joinable && prevGroups&d.lend != 0
				read = d.possible(groups) || joinable && d.possible(groups|prevGroups&d.lend)
			}
		}
		if read {
			r.Frame = Read(u.Text, langOf(u.Text))
			// Join completes only a frame with an act; without one it
			// changes nothing, and Warnings need not read the unit
			// before (Analyze does, since it returns that reading).
			if joinable && r.Frame.Intent == "" && (all || hasAct(&r.Frame)) {
				if prev.Frame.Lang == "" {
					// The unit before was not read (it held no act).
					prev.Frame = Read(prev.Unit.Text, langOf(prev.Unit.Text))
				}
				if Join(&r.Frame, &prev.Frame, prev.Unit.Line) {
					// The parts it took from the unit before are
					// its own now, and it lends them on to the unit
					// after (a chain of three units in one
					// paragraph): the gate must count them there.
					for _, h := range r.Frame.Hits {
						if h.Start < 0 {
							if g, ok := d.group[h.Class]; ok {
								groups |= 1 << g
							}
						}
					}
				}
			}
		}
		if r.Frame.Intent != "" && u.Section != "" {
			if !all {
				// Warnings' units keep their sections as written
				// (appendUnitsLower); lowered here, where one is
				// read, for the few units with an intent.
				u.Section = strings.ToLower(u.Section)
				r.Unit.Section = u.Section
			}
			key := r.Frame.Lang + "\x00" + u.Section
			g, ok := sections[key]
			if !ok {
				if sections == nil {
					sections = map[string]bool{}
				}
				sf := Read(u.Section, r.Frame.Lang)
				for _, h := range sf.Hits {
					if h.Class == "neg" {
						g = true
						break
					}
				}
				sections[key] = g
			}
			if g {
				r.SectionGuard = u.Section
			}
		}
		if m != nil && r.Frame.Intent != "" {
			r.Threshold = m.Threshold
			r.Score = m.Score(u.Text, &r.Frame)
			r.Warn = r.Frame.Guard == "" && r.SectionGuard == "" && r.Score >= m.Threshold && warnLen(u.Text) <= maxWarnUnit
		}
		if !all && r.Warn {
			out = append(out, *r)
		}
		prev = r
		prevGroups, prevFormed = groups, formed
	}
	return out
}

// hasAct reports a frame with an act, as Join asks.
func hasAct(f *Frame) bool {
	for _, h := range f.Hits {
		if strings.HasPrefix(h.Class, "act.") {
			return true
		}
	}
	return false
}
