package cli

import (
	"errors"
	"fmt"
)

// Exit codes shared by every command. Scripts rely on them; never renumber.
const (
	ExitClean       = 0
	ExitUsage       = 1
	ExitCompromised = 2
	ExitSuspicious  = 3
)

var (
	// ErrSuspicious ends a command whose result needs a person's approval (exit 3).
	ErrSuspicious = errors.New("suspicious")
	// ErrCompromised ends a command whose result is compromised, or a failed
	// verification (exit 2).
	ErrCompromised = errors.New("compromised")
)

// silentError carries an exit code for a condition already reported to the
// user; Main prints nothing more for it.
type silentError struct {
	err  error
	code int
}

func (e *silentError) Error() string { return e.err.Error() }
func (e *silentError) Unwrap() error { return e.err }

// exitWith wraps err so that Main exits with code and prints nothing further.
func exitWith(code int, err error) error { return &silentError{err: err, code: code} }

// usageError marks an error caused by the command line itself.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{msg: fmt.Sprintf(format, args...)} }

// exitCode maps an error returned by a command to the process exit code.
func exitCode(err error) int {
	var se *silentError
	switch {
	case err == nil:
		return ExitClean
	case errors.As(err, &se):
		return se.code
	case errors.Is(err, ErrCompromised):
		return ExitCompromised
	case errors.Is(err, ErrSuspicious):
		return ExitSuspicious
	default:
		return ExitUsage
	}
}
