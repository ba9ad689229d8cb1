package mcpgate

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/sentinel-sec/sentinel/guard"
	"github.com/sentinel-sec/sentinel/guard/blast"
	"github.com/sentinel-sec/sentinel/internal/termsafe"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan"
)

// DefaultScanner is the description scanner the command line uses: the scan
// engine reads the tool's text as an instruction file, with its prose and
// hidden-text rules; a description the engine would not call CLEAN is
// withheld. HiddenTextScanner is applied by the gate in any case.
func DefaultScanner() DescriptionScanner { return EngineScanner }

// EngineScanner runs the scan engine over one tool's text.
var EngineScanner = ScannerFunc(func(text string) []string {
	res, err := scan.ScanText(context.Background(), "mcp-tool-description.md", []byte(text))
	if err != nil {
		return []string{"the scan engine could not read the description: " + err.Error()}
	}
	if res.Verdict == scan.Clean {
		return nil
	}
	var out []string
	for _, f := range res.Files {
		for _, fd := range f.Findings {
			if fd.Observation {
				continue
			}
			msg := fmt.Sprintf("%s %s: %s", fd.RuleID, fd.RuleName, fd.Message)
			if fd.Evidence != "" {
				msg += fmt.Sprintf(" (%q)", truncate(fd.Evidence, 120))
			}
			out = append(out, redact.String(msg))
		}
	}
	if len(out) == 0 {
		out = append(out, fmt.Sprintf("the scan engine rates the description %s", res.Verdict))
	}
	return out
})

// DefaultPathCheckers are the path checkers the command line uses: the
// guard/blast classifier, with root as the project (the proxy's working
// directory) and Sentinel's own directories marked.
func DefaultPathCheckers(dirs Dirs, root string) []PathChecker {
	return []PathChecker{BlastChecker(blast.NewClassifier(blast.WithRoot(root), blast.WithSentinelDirs(dirs.Config, dirs.State)))}
}

// BlastChecker pauses a call that names a blast centre: a migration, a CI
// workflow, a lockfile, auth code, an environment file, infrastructure, or
// Sentinel's own files.
func BlastChecker(c *blast.Classifier) PathChecker {
	return PathCheckerFunc(func(p string) string {
		if strings.HasPrefix(p, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				p = home + p[1:]
			}
		}
		v := c.Classify(p)
		if !v.Sensitive {
			return ""
		}
		return fmt.Sprintf("it names %s, which has an outsized blast radius (%s)", v.Path, strings.Join(v.Reasons, ", "))
	})
}

// terminal is text from a tool server as a person's terminal shows it:
// secrets and URL passwords masked, then every control, format (bidi,
// zero-width, tag) and line-break character written as a visible escape.
func terminal(s string) string { return termsafe.String(redact.Printable(s, "[redacted]")) }

// TTYPrompter asks on the controlling terminal through guard's terminal
// confirmation, one question at a time.
type TTYPrompter struct {
	mu      sync.Mutex
	confirm guard.ConfirmFunc
}

// OpenTTYPrompter returns nil when the process has no controlling terminal.
func OpenTTYPrompter() *TTYPrompter {
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil
	}
	f.Close()
	return &TTYPrompter{confirm: guard.TerminalConfirm()}
}

// Close releases nothing; guard opens the terminal per question.
func (t *TTYPrompter) Close() error { return nil }

// Confirm shows the paused call and returns the person's answer.
func (t *TTYPrompter) Confirm(ctx context.Context, r Request) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	risk := guard.RiskMedium
	if r.Risk == RiskDestructive {
		risk = guard.RiskHigh
	}
	// Everything shown comes from the tool server: escaped here with the
	// one terminal rule (internal/termsafe), whatever the prompt does.
	return t.confirm(ctx, guard.ConfirmRequest{
		Name:        terminal(r.Server + " / " + r.Tool),
		Risk:        risk,
		Description: fmt.Sprintf("MCP tools/call paused because %s (or run `sentinel mcp allow %s`)", terminal(r.Reason), terminal(r.ID)),
		Input:       terminal(r.Arguments),
	})
}
