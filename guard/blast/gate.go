package blast

import (
	"regexp"
	"strings"
	"sync"
)

// Block is the gate's answer when a tool call must be refused once. It is a
// request for a justification, not a refusal: the same call made again in the
// same turn passes.
type Block struct {
	// Targets are every blast centre of the call, all listed in Reason.
	Targets []Target `json:"targets"`
	// Reason is the justification prompt, meant for the model to read.
	Reason string `json:"reason"`
}

// Gate is per-turn gate state for an agent loop running in one process. Make
// a new Gate for every turn (every user prompt): nothing is grandfathered
// across turns. A Gate is safe for concurrent use.
type Gate struct {
	mu    sync.Mutex
	asked map[string]bool
}

// NewGate returns the state of a fresh turn.
func NewGate() *Gate { return &Gate{asked: map[string]bool{}} }

// Check blocks the first call in this turn that touches any of targets not
// yet asked about, listing all of them in one question, and records them as
// asked. It returns nil when targets is empty or every target was already
// challenged this turn.
func (g *Gate) Check(targets []Target) *Block {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.asked == nil {
		g.asked = map[string]bool{}
	}
	return decide(g.asked, targets)
}

// decide is the gate rule shared by Gate and Store.
func decide(asked map[string]bool, targets []Target) *Block {
	first := false
	for _, t := range targets {
		if !asked[t.Path] {
			first = true
			break
		}
	}
	if !first {
		return nil
	}
	for _, t := range targets {
		asked[t.Path] = true
	}
	return &Block{Targets: targets, Reason: JustificationPrompt(targets)}
}

// JustificationPrompt is the text the model reads the first time a turn
// touches a blast centre. It asks for the file:line that shows the change is
// right and the exact command that undoes it.
func JustificationPrompt(targets []Target) string {
	var b strings.Builder
	if len(targets) == 1 {
		b.WriteString("Before this change lands, state two things: this path is a blast centre.\n")
	} else {
		b.WriteString("Before this change lands, state two things: these paths are blast centres.\n")
	}
	for _, t := range targets {
		b.WriteString("  - `")
		b.WriteString(t.Path)
		b.WriteString("` (")
		b.WriteString(strings.Join(t.Reasons, "; "))
		b.WriteString(")\n")
	}
	b.WriteString("\n")
	b.WriteString("1. JUSTIFICATION. The file:line that shows why this change is correct, which you read before editing.\n")
	b.WriteString("2. ROLLBACK. The exact command or edit that undoes it if it is wrong.\n")
	b.WriteString("\n")
	b.WriteString("Then repeat the same tool call. Do not paraphrase the change; state the evidence.")
	return b.String()
}

// The expressions are compiled on first use, not at start-up: the hook runs
// as a new process on every tool call.
var (
	justifiedWords = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(justif|rollback|roll back|blast radius|undo|revert)\w*\b`)
	})
	justifiedShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[:\n]`) })
)

// LooksJustified reports whether text carries an explicit justification or
// rollback statement. It checks that one was offered, not that it is right.
func LooksJustified(text string) bool {
	return justifiedWords().MatchString(text) && justifiedShape().MatchString(text)
}
