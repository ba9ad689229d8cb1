package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sentinel-sec/sentinel/internal/llm"
)

type apikeyOptions struct {
	test, show, remove bool
}

func newAPIKeyCmd(app *App) *cobra.Command {
	o := &apikeyOptions{}
	cmd := &cobra.Command{
		Use:     "apikey",
		GroupID: "scan",
		Short:   "Add, check, show or remove your own model provider key (only the sandbox, 'sentinel detonate', uses it)",
		Long: `Apikey asks three questions: the provider (` + strings.Join(llm.PresetNames(), ", ") + `,
or "url" for any OpenAI-compatible endpoint such as Ollama, llama.cpp's
server, vLLM or LM Studio), the model (Enter takes the suggested one) and the
key, hidden while you type or paste it. It saves them in Sentinel's
configuration folder (SENTINEL_HOME, else $XDG_CONFIG_HOME/sentinel, else
~/.config/sentinel), file llm.json, readable by you alone (mode 0600).
Never in a project: Sentinel never reads a key from a project or its .env.

The SENTINEL_LLM_KEY, SENTINEL_LLM_PROVIDER, SENTINEL_LLM_MODEL and
SENTINEL_LLM_URL variables, when set, win over the file (CI uses them, with
the key from a secret). Nothing but the sandbox needs a key.`,
		Example: `  sentinel apikey            # add a key (three questions)
  sentinel apikey --test     # one tiny request: "The key works."
  sentinel apikey --show     # provider, model, last four characters
  sentinel apikey --remove   # delete the saved key`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			n := 0
			for _, b := range []bool{o.test, o.show, o.remove} {
				if b {
					n++
				}
			}
			if n > 1 {
				return usagef("--test, --show and --remove each do one thing; give one of them")
			}
			switch {
			case o.show:
				return apikeyShow(cmd.OutOrStdout(), app)
			case o.remove:
				return apikeyRemove(cmd.OutOrStdout(), app)
			case o.test:
				return apikeyTest(cmd, app)
			}
			return apikeyAdd(cmd.OutOrStdout(), app)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.test, "test", false, "send one tiny request with the configured key and model")
	f.BoolVar(&o.show, "show", false, "print the provider, the model and the key's last four characters")
	f.BoolVar(&o.remove, "remove", false, "delete the saved key file")
	return cmd
}

// apikeyAdd asks the three questions and saves the answers.
func apikeyAdd(out io.Writer, app *App) error {
	in := bufio.NewReader(app.Stdin)
	fmt.Fprintf(out, "Provider (%s, or url) [groq]: ", strings.Join(llm.PresetNames(), ", "))
	prov, err := readLine(in)
	if err != nil {
		return err
	}
	prov = strings.ToLower(prov)
	if prov == "" {
		prov = "groq"
	}
	cfg := llm.Config{Provider: prov}
	suggested := ""
	if p, ok := llm.LookupPreset(prov); ok {
		suggested = p.DefaultModel
	} else if prov == llm.URLProvider {
		fmt.Fprint(out, "Endpoint (OpenAI-compatible, e.g. http://127.0.0.1:11434/v1): ")
		if cfg.URL, err = readLine(in); err != nil {
			return err
		}
	} else {
		return usagef("unknown provider %q; use one of %s, or url", prov, strings.Join(llm.PresetNames(), ", "))
	}
	if suggested != "" {
		fmt.Fprintf(out, "Model [%s]: ", suggested)
	} else {
		fmt.Fprint(out, "Model: ")
	}
	if cfg.Model, err = readLine(in); err != nil {
		return err
	}
	if cfg.Model == "" {
		cfg.Model = suggested
	}
	if prov == llm.URLProvider {
		fmt.Fprint(out, "Key (Enter for none; hidden): ")
	} else {
		fmt.Fprint(out, "Key (hidden while you type or paste): ")
	}
	key, err := readSecret(app.Stdin, in)
	fmt.Fprintln(out)
	if err != nil {
		return err
	}
	cfg.Key = key
	if cfg.Key == "" && prov != llm.URLProvider {
		return usagef("no key was given, so nothing was saved; run 'sentinel apikey' again and paste the key from your %s account", prov)
	}
	cfg.Normalize()
	if err := cfg.Validate(); err != nil {
		return errors.New(llm.Scrub(err.Error(), cfg.Key))
	}
	p, err := llm.Save(app.Getenv, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Saved %s for the sandbox in %s (readable by you alone). Check it with 'sentinel apikey --test'.\n", cfg.Label(), p)
	if set := llm.EnvSet(app.Getenv); len(set) > 0 {
		fmt.Fprintf(out, "Note: %s set in the environment win over this file.\n", strings.Join(set, ", "))
	}
	return nil
}

// maxAnswer bounds one typed answer.
const maxAnswer = 4096

func readLine(in *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		r, _, err := in.ReadRune()
		if err == io.EOF {
			if b.Len() == 0 {
				return "", usagef("the input ended before every question was answered; nothing was saved")
			}
			break
		}
		if err != nil {
			return "", fmt.Errorf("cannot read the answer: %v", err)
		}
		if r == '\n' {
			break
		}
		if b.Len() > maxAnswer {
			return "", usagef("an answer longer than %d characters is not a provider, model or key; nothing was saved", maxAnswer)
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String()), nil
}

// readSecret reads the key without echo when standard input is a
// terminal, else as the next line.
func readSecret(stdin io.Reader, buffered *bufio.Reader) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) && buffered.Buffered() == 0 {
		b, err := term.ReadPassword(int(f.Fd()))
		if err != nil {
			return "", fmt.Errorf("cannot read the key from the terminal: %v", err)
		}
		return strings.TrimSpace(string(b)), nil
	}
	s, err := readLine(buffered)
	if err != nil {
		var ue *usageError
		if errors.As(err, &ue) && strings.HasPrefix(ue.msg, "the input ended") {
			return "", nil
		}
	}
	return s, err
}

func apikeyShow(out io.Writer, app *App) error {
	cfg, err := llm.Load(app.Getenv)
	if errors.Is(err, llm.ErrNotConfigured) {
		fmt.Fprintln(out, "No key is configured for the sandbox. Run 'sentinel apikey' to add one; nothing else in Sentinel needs it.")
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "provider: %s\nmodel:    %s\nendpoint: %s\nkey:      %s\nfrom:     %s\nrate:     %d requests per minute\n",
		cfg.Provider, cfg.Model, cfg.BaseURL(), cfg.KeyHint(), cfg.Source, cfg.RPM)
	return nil
}

func apikeyRemove(out io.Writer, app *App) error {
	p, had, err := llm.Remove(app.Getenv)
	if err != nil {
		return err
	}
	if had {
		fmt.Fprintf(out, "Removed the sandbox's key file %s.\n", p)
	} else {
		fmt.Fprintf(out, "There was no saved key (%s does not exist).\n", p)
	}
	if app.Getenv(llm.EnvKey) != "" {
		fmt.Fprintf(out, "%s is still set in your environment; unset it to stop using that key.\n", llm.EnvKey)
	}
	return nil
}

func apikeyTest(cmd *cobra.Command, app *App) error {
	cfg, err := llm.Load(app.Getenv)
	if err != nil {
		return err
	}
	client, err := llm.New(cfg, llm.Options{Timeout: 60 * time.Second, Notify: progressWriter(app)})
	if err != nil {
		return errors.New(llm.Scrub(err.Error(), cfg.Key))
	}
	// One tiny request, with one tool: a model without tool calling is
	// refused here rather than in the middle of a sandbox run.
	_, err = client.Chat(ctxOf(cmd), llm.Request{
		Messages:  []llm.Message{{Role: "user", Text: "Reply with the word OK."}},
		Tools:     []llm.Tool{{Name: "noop", Description: "Does nothing. Do not call it.", Properties: map[string]string{}}},
		MaxTokens: 16,
	})
	if err != nil {
		return fmt.Errorf("the key did not work: %s", llm.Scrub(err.Error(), cfg.Key))
	}
	fmt.Fprintf(cmd.OutOrStdout(), "The key works: %s answered.\n", cfg.Label())
	return nil
}
