package meaning

import (
	"maps"
	"slices"
)

// UseFormGateCap makes Warnings use a form gate over the first capLen
// bytes of each literal (a smaller table for a smaller cap), and returns
// the size of its table in bytes and a function that puts the gate back.
// For measurements in meaning_test.
func UseFormGateCap(capLen int) (int, func()) {
	old := formGateOnce
	d := loaded()
	g := newFormGate(d, slices.Sorted(maps.Keys(d.lex)))
	if !g.compile(capLen) {
		panic("meaning: the form gate does not compile")
	}
	formGateOnce = func() *formGate { return g }
	return len(g.next) * 2, func() { formGateOnce = old }
}
