// Package guard puts a dry-run preview and a human decision in front of any
// tool function an AI agent can call.
//
// Wrap a tool with [Wrap]: the wrapper runs the optional dry run, then either
// auto-approves or asks the [ConfirmFunc], and only then calls the tool. A
// rejection is returned as a [*RejectedError] carrying the tool name, which
// the agent loop turns into a tool result the model can read.
//
//	write, err := guard.Wrap(writeFile, guard.Options[WriteInput]{
//		Name:     "write_file",
//		Risk:     guard.RiskMedium,
//		Describe: func(in WriteInput) string { return "Write " + in.Path },
//		DryRun: func(ctx context.Context, in WriteInput) (*guard.DryRunResult, error) {
//			old, err := os.ReadFile(in.Path)
//			if err != nil && !errors.Is(err, fs.ErrNotExist) {
//				return nil, err // no preview, no question: the call is rejected
//			}
//			return guard.DescribeFileWrite(in.Path, string(old), in.Content), nil
//		},
//		Confirm: guard.TerminalConfirm(),
//	})
//
// [TerminalConfirm] asks on the controlling terminal, so it works while
// stdin and stdout carry a protocol; any function with the [ConfirmFunc]
// signature can replace it (a web page, a chat message, a policy).
//
// The wrapped function is safe to call from several goroutines at once;
// TerminalConfirm then asks one question at a time. There is no timeout
// option: pass a context with a deadline.
package guard

import (
	"context"
	"errors"
	"fmt"
)

// Risk is how much damage a tool call can do. It is shown to the person who
// confirms, in colour.
type Risk string

// The three risk levels. The zero value means RiskMedium.
const (
	RiskLow    Risk = "low"
	RiskMedium Risk = "medium"
	RiskHigh   Risk = "high"
)

// DryRunResult is a preview of what a call would do, computed without side
// effects.
type DryRunResult struct {
	Description string   `json:"description"`
	Diff        string   `json:"diff,omitempty"`
	Warnings    []string `json:"warnings,omitempty"`
}

// ConfirmRequest is everything a ConfirmFunc is shown. Input is the tool's
// input as passed to the wrapper.
type ConfirmRequest struct {
	Name        string        `json:"name"`
	Risk        Risk          `json:"risk"`
	Description string        `json:"description"`
	DryRun      *DryRunResult `json:"dry_run,omitempty"`
	Input       any           `json:"input"`
}

// ConfirmFunc decides whether a call may run. It returns true to approve.
// An error rejects the call and is kept as the rejection's cause; a
// ConfirmFunc should return promptly when ctx is cancelled.
type ConfirmFunc func(ctx context.Context, req ConfirmRequest) (bool, error)

// Options configure Wrap. Name, Describe and Confirm are required.
type Options[In any] struct {
	// Name is the tool name shown in prompts and carried by RejectedError.
	Name string
	// Describe says in one line what the call will do.
	Describe func(In) string
	// DryRun optionally previews the call without side effects. An error
	// rejects the call: a preview that cannot be made is not approved blind.
	DryRun func(ctx context.Context, in In) (*DryRunResult, error)
	// Risk defaults to RiskMedium.
	Risk Risk
	// Confirm asks for the decision.
	Confirm ConfirmFunc
	// AutoApprove optionally approves a call without asking.
	AutoApprove func(In) bool
}

// RejectedError is returned when a call is not approved: the person said no,
// the confirm function failed, there was no terminal to ask on, the dry run
// failed, or the context was cancelled. Use errors.As to get it.
type RejectedError struct {
	// Tool is the Options.Name of the rejected tool.
	Tool string
	// Reason says why, for people: "rejected by the user", "no terminal: ...".
	Reason string
	// Err is the underlying cause, if any.
	Err error
}

func (e *RejectedError) Error() string {
	if e.Reason == "" {
		return fmt.Sprintf("tool call %s rejected", e.Tool)
	}
	return fmt.Sprintf("tool call %s rejected: %s", e.Tool, e.Reason)
}

func (e *RejectedError) Unwrap() error { return e.Err }

// ErrRejected matches every *RejectedError with errors.Is.
var ErrRejected = errors.New("tool call rejected")

// Is makes errors.Is(err, ErrRejected) true for a RejectedError.
func (e *RejectedError) Is(target error) bool { return target == ErrRejected }

// Wrap returns fn guarded by opts: dry run, then auto-approve or confirm,
// then fn, or a *RejectedError. It checks opts now, so a missing Name,
// Describe or Confirm, or an unknown Risk, is an error here and never at the
// first call.
func Wrap[In, Out any](fn func(context.Context, In) (Out, error), opts Options[In]) (func(context.Context, In) (Out, error), error) {
	if fn == nil {
		return nil, errors.New("guard: the tool function is nil")
	}
	if opts.Name == "" {
		return nil, errors.New("guard: Options.Name is required")
	}
	if opts.Describe == nil {
		return nil, fmt.Errorf("guard: Options.Describe is required for %s", opts.Name)
	}
	if opts.Confirm == nil {
		return nil, fmt.Errorf("guard: Options.Confirm is required for %s", opts.Name)
	}
	risk := opts.Risk
	switch risk {
	case "":
		risk = RiskMedium
	case RiskLow, RiskMedium, RiskHigh:
	default:
		return nil, fmt.Errorf("guard: unknown risk %q for %s; use low, medium or high", opts.Risk, opts.Name)
	}
	reject := func(reason string, err error) error {
		return &RejectedError{Tool: opts.Name, Reason: reason, Err: err}
	}
	return func(ctx context.Context, in In) (Out, error) {
		var zero Out
		if err := ctx.Err(); err != nil {
			return zero, reject("the context was cancelled", err)
		}
		var preview *DryRunResult
		if opts.DryRun != nil {
			p, err := opts.DryRun(ctx, in)
			if err != nil {
				return zero, reject("the dry run failed: "+err.Error(), err)
			}
			preview = p
		}
		if opts.AutoApprove == nil || !opts.AutoApprove(in) {
			ok, err := opts.Confirm(ctx, ConfirmRequest{
				Name:        opts.Name,
				Risk:        risk,
				Description: opts.Describe(in),
				DryRun:      preview,
				Input:       in,
			})
			if err != nil {
				return zero, reject(confirmReason(err), err)
			}
			if !ok {
				return zero, reject("rejected by the user", nil)
			}
		}
		if err := ctx.Err(); err != nil {
			return zero, reject("the context was cancelled", err)
		}
		return fn(ctx, in)
	}, nil
}

// confirmReason says why a ConfirmFunc's error rejected the call. A context
// that ended while the question was open gets a sentence instead of the
// bare "context deadline exceeded".
func confirmReason(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "no answer was given before the deadline, so the call did not run"
	case errors.Is(err, context.Canceled):
		return "the question was cancelled before it was answered, so the call did not run"
	}
	return err.Error()
}
