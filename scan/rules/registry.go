package rules

import "slices"

// All returns every rule in the order reports list them. This is the one
// place a rule is registered; each rule's value lives in its own file.
//
// Each call returns new copies: a program that embeds the scanner may change
// a returned rule (its weight, its fix, its ForceWith list) for its own scan
// without changing what any other caller, or a later scan.Scan, sees.
func All() []*Rule {
	return copies(registered())
}

// Prose returns the hidden-text and prose rules, which read instruction
// files (and tool servers' descriptions) as text. Like All, it returns
// copies.
func Prose() []*Rule {
	return copies(prose())
}

// copies returns a copy of each rule, its ForceWith list cloned too.
func copies(list []*Rule) []*Rule {
	out := make([]*Rule, len(list))
	vals := make([]Rule, len(list))
	for i, r := range list {
		vals[i] = *r
		vals[i].ForceWith = slices.Clone(r.ForceWith)
		out[i] = &vals[i]
	}
	return out
}

func registered() []*Rule {
	return append(prose(),
		// Auto-run and tool servers (config files and their scripts).
		S10, S11, S14b, S16, S17a, S17b, S18a, S18b, S18c, S19, S27, S28,
		// Settings that switch a guard off (issue #15).
		S29, S30, S31, S32, S33,
		// Auto-run that sends credentials or every tool input away (issue #15).
		S34, S35,
		// A file too large to read whole (issue #15).
		S36,
		// The semantic reading (scan/meaning): warns, never convicts;
		// opt-in (OptIn): it does not meet its speed budget, and its false
		// alarms on unseen files are above the aim (docs/rules.md).
		S45,
		// Pull-request mode only (rules.Repo.Base set): history-aware rules.
		S6, S20,
	)
}

func prose() []*Rule {
	return []*Rule{S1a, S1b, S2, S4, S5, S7, S12, S13, S21, S22, S23, S24, S25, S26,
		// Plain attacks (issue #21).
		S37, S38, S39, S40, S41, S42}
}

var order = func() map[string]int {
	m := map[string]int{}
	for i, r := range registered() {
		m[r.ID] = i
	}
	return m
}()

func ruleOrder(id string) int {
	if i, ok := order[id]; ok {
		return i
	}
	return len(order)
}

// Default returns the rules a scan runs when it names none: All without
// the opt-in rules. optIn lists the opt-in rule IDs to keep.
func Default(optIn ...string) []*Rule {
	all := All()
	out := all[:0]
	for _, r := range all {
		if r.OptIn && !contains(optIn, r.ID) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
