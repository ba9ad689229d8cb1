// Package human makes sure a person's decision comes from a person: the
// sentinel commands that record one (mcp allow and deny, approve, sign,
// keygen, verify --accept-key, hook uninstall, ...) show a short random code
// on the controlling terminal (/dev/tty, never standard input, which an
// agent can fill) and go ahead only when it is typed back there. Under an AI
// agent they refuse outright, and without a terminal they refuse unless the
// one CI flag, --no-tty-confirm, is given outside any agent.
package human

import (
	"bufio"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"
)

// Flag is the name of the flag that lets a decision command run without a
// terminal, for CI. It is refused under an agent (AgentAncestor).
const Flag = "no-tty-confirm"

// FlagUsage is the flag's help text, the same on every command.
const FlagUsage = "run without typing a code on the terminal, for CI; refused when an AI agent or 'sentinel run' is among this process's parents"

// alphabet has no letters easily mistaken for another (no I, O, Q, S, Z, B,
// D, G).
const alphabet = "ACEFHJKLMNPRTUVWXY"

// CodeLength is the number of letters in a confirmation code.
const CodeLength = 4

// Request is one decision to confirm.
type Request struct {
	// What is the decision as a phrase after "to", e.g. "allow the paused
	// call 4f2a9c1e".
	What string
	// NoTTY is set when --no-tty-confirm was given.
	NoTTY bool
	// CI is set when the command may run without a terminal for another
	// documented reason (sentinel sign in a CI job); like NoTTY it is
	// refused under an agent.
	CI bool
	// Getenv reads the environment (the SENTINEL_RUN_PID marker).
	Getenv func(string) string
}

// ErrRefused is wrapped by every refusal.
var ErrRefused = errors.New("refused")

// refusal is a one-sentence refusal.
type refusal struct{ msg string }

func (r *refusal) Error() string      { return r.msg }
func (r *refusal) Unwrap() error      { return ErrRefused }
func refuse(f string, a ...any) error { return &refusal{fmt.Sprintf(f, a...)} }

// Confirm returns nil when the decision may go ahead: no AI agent is among
// the process's parents, and either the person typed the code shown on the
// terminal or the request is for CI. Anything else is a one-sentence error.
func Confirm(r Request) error {
	getenv := r.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if why := AgentAncestor(getenv); why != "" {
		return refuse("refusing to %s: %s, and a decision is made by a person in a terminal of their own, outside the agent", r.What, why)
	}
	if r.NoTTY || r.CI {
		if l := LauncherAncestor(); l != "" {
			return refuse("refusing to %s without a terminal: a parent process is %s, which runs commands for anything on this account, so --%s cannot tell an agent from a CI job here; type the code on a terminal instead", r.What, l, Flag)
		}
		return nil
	}
	tty, err := openTTY()
	if err != nil {
		return refuse("refusing to %s: there is no terminal to confirm it on (%v), so run it yourself in a terminal, or pass --%s in CI", r.What, errText(err), Flag)
	}
	defer tty.Close()
	return ask(tty, r.What)
}

// ask shows a fresh code on the terminal and reads one line back from it.
func ask(tty io.ReadWriter, what string) error {
	code, err := newCode()
	if err != nil {
		return refuse("refusing to %s: no random code could be made (%v)", what, err)
	}
	fmt.Fprintf(tty, "Sentinel: to %s, type %s and press Enter (anything else cancels): ", what, code)
	line, err := bufio.NewReader(tty).ReadString('\n')
	if err != nil && line == "" {
		return refuse("refusing to %s: nothing was typed on the terminal (%v)", what, errText(err))
	}
	if !strings.EqualFold(strings.TrimSpace(line), code) {
		fmt.Fprintln(tty, "Sentinel: the code did not match; nothing was changed.")
		return refuse("refusing to %s: the code typed on the terminal did not match", what)
	}
	return nil
}

func newCode() (string, error) {
	var b strings.Builder
	for range CodeLength {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			return "", err
		}
		b.WriteByte(alphabet[n.Int64()])
	}
	return b.String(), nil
}

func errText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Op + " " + pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}
