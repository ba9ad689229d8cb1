package mcpgate

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/sentinel-sec/sentinel/guard"
	"github.com/sentinel-sec/sentinel/guard/blast"
	"github.com/sentinel-sec/sentinel/redact"
)

// DefaultScanner is the description scanner the command line uses: the scan
// engine's prose and hidden-text rules when they are available. The hidden
// text floor (HiddenTextScanner) is applied by the gate in any case.
func DefaultScanner() DescriptionScanner { return nil }

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
	return t.confirm(ctx, guard.ConfirmRequest{
		Name:        redact.String(r.Server + " / " + r.Tool),
		Risk:        risk,
		Description: fmt.Sprintf("MCP tools/call paused because %s (or run `sentinel mcp allow %s`)", redact.String(r.Reason), r.ID),
		Input:       redact.String(r.Arguments),
	})
}
