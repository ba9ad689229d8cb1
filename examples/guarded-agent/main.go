// Command guarded-agent is a minimal tool-calling agent on the Anthropic Go
// SDK whose write_file and delete_file tools are wrapped by Sentinel's guard:
// every call shows a diff preview and waits for a yes on the terminal, and
// the first write of a turn to a blast centre (a migration, a CI workflow,
// .env, ...) is sent back to the model once with a request for a
// justification and a rollback.
//
//	export ANTHROPIC_API_KEY=...
//	mkdir -p sandbox
//	go run ./examples/guarded-agent -dir ./sandbox "Create hello.txt with 'Hello, world!'"
//
// The tools can only touch files under -dir, which must exist (os.Root
// refuses paths and symlinks that lead out of it). A call that is not run
// (refused, no terminal, a preview that failed) goes back to the model as a
// tool error that says why.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/sentinel-sec/sentinel/guard"
	"github.com/sentinel-sec/sentinel/guard/blast"
)

func main() {
	dir := flag.String("dir", ".", "directory the agent's tools may change")
	model := flag.String("model", string(anthropic.ModelClaudeSonnet4_6), "model")
	flag.Parse()
	prompt := strings.Join(flag.Args(), " ")
	if prompt == "" {
		fmt.Fprintln(os.Stderr, "usage: guarded-agent [-dir DIR] PROMPT")
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	root, err := openRoot(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "guarded-agent:", err)
		os.Exit(1)
	}
	defer root.Close()
	a, err := NewAgent(anthropic.NewClient(), anthropic.Model(*model), root, guard.TerminalConfirm())
	if err != nil {
		fmt.Fprintln(os.Stderr, "guarded-agent:", err)
		os.Exit(1)
	}
	if err := a.Run(ctx, prompt, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "guarded-agent:", err)
		os.Exit(1)
	}
}

// openRoot opens the folder the tools may change.
func openRoot(dir string) (*os.Root, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open the -dir folder %s (%v); create it first or pass an existing folder", dir, errors.Unwrap(err))
	}
	return root, nil
}

// WriteInput and DeleteInput are the tools' inputs, as the model sends them.
type WriteInput struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

type DeleteInput struct {
	Path string `json:"path"`
}

// Agent is one conversation with guarded tools.
type Agent struct {
	client   anthropic.Client
	model    anthropic.Model
	classify *blast.Classifier
	write    func(context.Context, WriteInput) (string, error)
	del      func(context.Context, DeleteInput) (string, error)
}

// NewAgent wraps the two tools with guard. confirm decides every call.
func NewAgent(client anthropic.Client, model anthropic.Model, root *os.Root, confirm guard.ConfirmFunc) (*Agent, error) {
	write, err := guard.Wrap(func(_ context.Context, in WriteInput) (string, error) {
		if err := root.MkdirAll(parentDir(in.Path), 0o755); err != nil {
			return "", err
		}
		if err := root.WriteFile(in.Path, []byte(in.Content), 0o644); err != nil {
			return "", err
		}
		return fmt.Sprintf("Wrote %d bytes to %s", len(in.Content), in.Path), nil
	}, guard.Options[WriteInput]{
		Name:     "write_file",
		Risk:     guard.RiskMedium,
		Describe: func(in WriteInput) string { return "Write file: " + in.Path },
		DryRun: func(_ context.Context, in WriteInput) (*guard.DryRunResult, error) {
			old, err := root.ReadFile(in.Path)
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
			return guard.DescribeFileWrite(in.Path, string(old), in.Content), nil
		},
		Confirm: confirm,
	})
	if err != nil {
		return nil, err
	}
	del, err := guard.Wrap(func(_ context.Context, in DeleteInput) (string, error) {
		if err := root.Remove(in.Path); err != nil {
			return "", err
		}
		return "Deleted " + in.Path, nil
	}, guard.Options[DeleteInput]{
		Name:     "delete_file",
		Risk:     guard.RiskHigh,
		Describe: func(in DeleteInput) string { return "Delete file: " + in.Path },
		DryRun: func(_ context.Context, in DeleteInput) (*guard.DryRunResult, error) {
			if _, err := root.Stat(in.Path); err != nil {
				return nil, err
			}
			return guard.DescribeFileDelete(in.Path), nil
		},
		Confirm: confirm,
	})
	if err != nil {
		return nil, err
	}
	return &Agent{client: client, model: model, classify: blast.NewClassifier(), write: write, del: del}, nil
}

func parentDir(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i > 0 {
		return p[:i]
	}
	return "."
}

var tools = []anthropic.ToolUnionParam{
	{OfTool: &anthropic.ToolParam{
		Name:        "write_file",
		Description: anthropic.String("Write content to a file, replacing it if it exists."),
		InputSchema: anthropic.ToolInputSchemaParam{
			Properties: map[string]any{
				"path":    map[string]any{"type": "string", "description": "File path"},
				"content": map[string]any{"type": "string", "description": "File content"},
			},
			Required: []string{"path", "content"},
		},
	}},
	{OfTool: &anthropic.ToolParam{
		Name:        "delete_file",
		Description: anthropic.String("Delete a file."),
		InputSchema: anthropic.ToolInputSchemaParam{
			Properties: map[string]any{"path": map[string]any{"type": "string", "description": "File path to delete"}},
			Required:   []string{"path"},
		},
	}},
}

// maxSteps bounds the tool loop.
const maxSteps = 20

// Run is one turn: the user's prompt, then tool calls until the model stops.
// The blast-radius gate state lives for this turn only.
func (a *Agent) Run(ctx context.Context, prompt string, out io.Writer) error {
	gate := blast.NewGate()
	messages := []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(prompt))}
	for range maxSteps {
		resp, err := a.client.Messages.New(ctx, anthropic.MessageNewParams{
			Model:     a.model,
			MaxTokens: 4096,
			Tools:     tools,
			Messages:  messages,
		})
		if err != nil {
			return err
		}
		messages = append(messages, resp.ToParam())
		if resp.StopReason != anthropic.StopReasonToolUse {
			for _, b := range resp.Content {
				if b.Type == "text" {
					fmt.Fprintln(out, b.Text)
				}
			}
			return nil
		}
		var results []anthropic.ContentBlockParamUnion
		for _, b := range resp.Content {
			if b.Type != "tool_use" {
				continue
			}
			use := b.AsToolUse()
			text, isErr := a.call(ctx, gate, use.Name, use.Input)
			results = append(results, anthropic.NewToolResultBlock(use.ID, text, isErr))
		}
		messages = append(messages, anthropic.NewUserMessage(results...))
	}
	return fmt.Errorf("stopped after %d tool rounds", maxSteps)
}

// call runs one tool call and returns the tool result text.
func (a *Agent) call(ctx context.Context, gate *blast.Gate, name string, raw json.RawMessage) (string, bool) {
	// The blast-radius gate first: it needs no human, it asks the model.
	var input map[string]any
	if err := json.Unmarshal(raw, &input); err != nil {
		return "invalid tool input: " + err.Error(), true
	}
	targets, err := a.classify.Radius(name, input)
	if err != nil {
		return err.Error(), true
	}
	if block := gate.Check(targets); block != nil {
		return block.Reason, true
	}
	var result string
	switch name {
	case "write_file":
		var in WriteInput
		if err = json.Unmarshal(raw, &in); err == nil {
			result, err = a.write(ctx, in)
		}
	case "delete_file":
		var in DeleteInput
		if err = json.Unmarshal(raw, &in); err == nil {
			result, err = a.del(ctx, in)
		}
	default:
		return "unknown tool: " + name, true
	}
	var rej *guard.RejectedError
	switch {
	case errors.As(err, &rej):
		// Reason says who or what stopped it: the user's no, no terminal,
		// a failed preview, a cancelled turn.
		return fmt.Sprintf("Tool call %s was not run: %s", rej.Tool, rej.Reason), true
	case err != nil:
		return err.Error(), true
	}
	return result, false
}
