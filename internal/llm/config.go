// Package llm is the one way Sentinel talks to a language model: the
// optional sandbox (`sentinel detonate`, `sentinel pr --detonate`) and
// `sentinel apikey --test` use it, nothing else. It speaks two protocols
// through the providers' official Go SDKs: OpenAI-compatible chat
// completions with tool calling (github.com/openai/openai-go/v3; OpenAI,
// Groq, Together, Mistral, OpenRouter, DeepInfra, and any SENTINEL_LLM_URL
// such as Ollama, llama.cpp's server, vLLM or LM Studio) and Anthropic's
// Messages API (github.com/anthropics/anthropic-sdk-go/v2).
//
// The key comes from the environment (SENTINEL_LLM_KEY) or from the user's
// own configuration folder (internal/userdirs, file llm.json, mode 0600),
// never from a project: no .env is ever read. It is sent only to the
// configured endpoint (every request to another host is refused before it
// leaves), never printed, and removed from every error.
package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/atomicfile"
	"github.com/sentinel-sec/sentinel/internal/userdirs"
)

// Environment variables, as the specification names them.
const (
	EnvKey      = "SENTINEL_LLM_KEY"
	EnvProvider = "SENTINEL_LLM_PROVIDER"
	EnvModel    = "SENTINEL_LLM_MODEL"
	EnvRPM      = "SENTINEL_LLM_RPM"
	EnvURL      = "SENTINEL_LLM_URL"
)

// DefaultRPM is the number of requests per minute Sentinel allows itself.
const DefaultRPM = 20

// ConfigFile is the name of the key file in Sentinel's configuration folder.
const ConfigFile = "llm.json"

// Preset is a named provider: where its API is and which small
// tool-calling model to suggest.
type Preset struct {
	Name         string
	BaseURL      string
	DefaultModel string
	// Anthropic selects the Messages API; every other preset is
	// OpenAI-compatible chat completions.
	Anthropic bool
}

// Presets are the providers `sentinel apikey` offers, in its order.
var Presets = []Preset{
	{Name: "groq", BaseURL: "https://api.groq.com/openai/v1", DefaultModel: "openai/gpt-oss-20b"},
	{Name: "openai", BaseURL: "https://api.openai.com/v1", DefaultModel: "gpt-4.1-mini"},
	{Name: "anthropic", BaseURL: "https://api.anthropic.com", DefaultModel: "claude-haiku-4-5", Anthropic: true},
	{Name: "together", BaseURL: "https://api.together.xyz/v1", DefaultModel: "openai/gpt-oss-20b"},
	{Name: "mistral", BaseURL: "https://api.mistral.ai/v1", DefaultModel: "mistral-small-latest"},
	{Name: "openrouter", BaseURL: "https://openrouter.ai/api/v1", DefaultModel: "openai/gpt-oss-20b"},
	{Name: "deepinfra", BaseURL: "https://api.deepinfra.com/v1/openai", DefaultModel: "openai/gpt-oss-20b"},
}

// URLProvider names an endpoint given by URL (SENTINEL_LLM_URL): any
// OpenAI-compatible server, on the user's machine or elsewhere.
const URLProvider = "url"

// PresetNames lists the provider names a user may give.
func PresetNames() []string {
	names := make([]string, 0, len(Presets))
	for _, p := range Presets {
		names = append(names, p.Name)
	}
	return names
}

// LookupPreset returns the preset called name (case-insensitive).
func LookupPreset(name string) (Preset, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, p := range Presets {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// Config is where the sandbox's model is and how to reach it.
type Config struct {
	Provider string `json:"provider"`
	Model    string `json:"model"`
	// URL overrides the provider's endpoint (SENTINEL_LLM_URL).
	URL string `json:"url,omitempty"`
	Key string `json:"key,omitempty"`
	// RPM is requests per minute; 0 means DefaultRPM.
	RPM int `json:"-"`
	// Source says where the settings came from, for --show and errors.
	Source string `json:"-"`
}

// Anthropic reports whether the configuration speaks the Messages API.
func (c Config) Anthropic() bool {
	if c.URL != "" && c.Provider != "anthropic" {
		return false
	}
	p, ok := LookupPreset(c.Provider)
	return ok && p.Anthropic
}

// BaseURL is the endpoint requests go to.
func (c Config) BaseURL() string {
	if c.URL != "" {
		return c.URL
	}
	p, _ := LookupPreset(c.Provider)
	return p.BaseURL
}

// Host is the host:port every request must go to.
func (c Config) Host() string {
	u, err := url.Parse(c.BaseURL())
	if err != nil {
		return ""
	}
	return u.Host
}

// Label names the provider and model without the key, e.g. "groq
// (openai/gpt-oss-20b)".
func (c Config) Label() string {
	p := c.Provider
	if c.URL != "" {
		p = c.Provider + " at " + c.Host()
	}
	return fmt.Sprintf("%s (%s)", p, c.Model)
}

// KeyHint is the last four characters of the key, for --show; a key too
// short to hide twelve characters is not shown at all.
func (c Config) KeyHint() string {
	switch {
	case c.Key == "":
		return "none"
	case len(c.Key) < 16:
		return "set (too short to show any of it)"
	}
	return "…" + c.Key[len(c.Key)-4:]
}

// ErrNotConfigured is returned by Load when no key and no URL are set.
var ErrNotConfigured = errors.New("no model is configured for the sandbox: run 'sentinel apikey' to add your own provider key (or set SENTINEL_LLM_KEY and SENTINEL_LLM_PROVIDER, or SENTINEL_LLM_URL for a model on your machine); everything else in Sentinel works without it")

// Path returns the key file's path in the user's configuration folder.
func Path(getenv func(string) string) (string, error) {
	dir, err := userdirs.Config(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, ConfigFile), nil
}

// maxConfigBytes bounds the key file; a real one is a few hundred bytes.
const maxConfigBytes = 64 << 10

// readFile reads the user's key file; a missing file is an empty Config.
func readFile(getenv func(string) string) (Config, string, error) {
	p, err := Path(getenv)
	if err != nil {
		return Config{}, "", err
	}
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return Config{}, p, nil
	}
	if err != nil {
		return Config{}, p, fmt.Errorf("cannot read the sandbox's key file %s: %v", p, errors.Unwrap(err))
	}
	if !fi.Mode().IsRegular() {
		return Config{}, p, fmt.Errorf("the sandbox's key file %s is not a regular file; remove it and run 'sentinel apikey' again", p)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm()&0o077 != 0 {
		return Config{}, p, fmt.Errorf("the sandbox's key file %s can be read by other users (mode %04o); run 'chmod 600 %s' and check nobody copied the key", p, fi.Mode().Perm(), p)
	}
	if fi.Size() > maxConfigBytes {
		return Config{}, p, fmt.Errorf("the sandbox's key file %s is larger than a key file can be; run 'sentinel apikey --remove' and add the key again", p)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return Config{}, p, fmt.Errorf("cannot read the sandbox's key file %s: %v", p, errors.Unwrap(err))
	}
	var c Config
	if err := json.Unmarshal(b, &c); err != nil {
		// The decoder's message may quote the file, and the file holds the key.
		return Config{}, p, fmt.Errorf("the sandbox's key file %s is not valid JSON; run 'sentinel apikey' again", p)
	}
	return c, p, nil
}

// Load returns the sandbox's configuration: each SENTINEL_LLM_* variable
// set in the environment wins over the user's key file. Nothing is read
// from the current folder or any project. It returns ErrNotConfigured when
// neither a key nor a URL is set.
func Load(getenv func(string) string) (Config, error) {
	c, p, err := readFile(getenv)
	if err != nil {
		return Config{}, err
	}
	src := ""
	if c.Key != "" || c.URL != "" {
		src = p
	}
	fromEnv := false
	for name, dst := range map[string]*string{EnvKey: &c.Key, EnvProvider: &c.Provider, EnvModel: &c.Model, EnvURL: &c.URL} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			*dst = v
			fromEnv = true
		}
	}
	if fromEnv {
		if src != "" {
			src = "the environment and " + src
		} else {
			src = "the environment"
		}
	}
	c.Source = src
	c.RPM = DefaultRPM
	if v := strings.TrimSpace(getenv(EnvRPM)); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return Config{}, fmt.Errorf("%s is %q; it takes a whole number of requests per minute, 1 or more", EnvRPM, v)
		}
		c.RPM = n
	}
	if c.Key == "" && c.URL == "" {
		return Config{}, ErrNotConfigured
	}
	c.Normalize()
	return c, c.Validate()
}

// Validate checks the provider, the URL and the model.
func (c Config) Validate() error {
	if c.URL != "" {
		u, err := url.Parse(c.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("%s must be an http or https address such as http://127.0.0.1:11434/v1, not %q", EnvURL, redactURL(c.URL))
		}
		if u.User != nil {
			return fmt.Errorf("%s holds a user name or password; give the key in %s instead", EnvURL, EnvKey)
		}
	} else {
		if c.Provider == "" {
			return fmt.Errorf("a key is set but no provider: set %s to one of %s (or run 'sentinel apikey')", EnvProvider, strings.Join(PresetNames(), ", "))
		}
		if _, ok := LookupPreset(c.Provider); !ok {
			return fmt.Errorf("unknown provider %q; use one of %s, or set %s for any other OpenAI-compatible endpoint", c.Provider, strings.Join(PresetNames(), ", "), EnvURL)
		}
	}
	if c.Model == "" {
		if p, ok := LookupPreset(c.Provider); ok && c.URL == "" {
			return fmt.Errorf("no model is set for %s: set %s (suggested: %s) or run 'sentinel apikey'", c.Provider, EnvModel, p.DefaultModel)
		}
		return fmt.Errorf("no model is set: set %s to a tool-calling model the endpoint serves", EnvModel)
	}
	if strings.ContainsAny(c.Key, "\r\n") {
		return errors.New("the key holds a line break; paste it again with 'sentinel apikey'")
	}
	return nil
}

// Normalize fills a URL-only configuration's provider name.
func (c *Config) Normalize() {
	if c.URL != "" && c.Provider == "" {
		c.Provider = URLProvider
	}
	c.Provider = strings.ToLower(strings.TrimSpace(c.Provider))
}

// Save writes c to the user's key file with mode 0600 (the folder 0700).
func Save(getenv func(string) string, c Config) (string, error) {
	p, err := Path(getenv)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return "", fmt.Errorf("cannot create %s: %v", filepath.Dir(p), errors.Unwrap(err))
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return "", err
	}
	if err := atomicfile.Write(p, append(b, '\n'), atomicfile.Options{Perm: 0o600, Sync: true}); err != nil {
		return "", fmt.Errorf("cannot write %s: %v", p, errors.Unwrap(err))
	}
	// atomicfile honours the mode, but a umask or an old file must not widen it.
	if err := os.Chmod(p, 0o600); err != nil {
		return "", fmt.Errorf("cannot make %s private: %v", p, errors.Unwrap(err))
	}
	return p, nil
}

// Remove deletes the user's key file. It reports whether there was one.
func Remove(getenv func(string) string) (string, bool, error) {
	p, err := Path(getenv)
	if err != nil {
		return "", false, err
	}
	err = os.Remove(p)
	if errors.Is(err, fs.ErrNotExist) {
		return p, false, nil
	}
	if err != nil {
		return p, false, fmt.Errorf("cannot remove %s: %v", p, errors.Unwrap(err))
	}
	return p, true, nil
}

// FileConfig returns what the key file holds (for --show), without the
// environment.
func FileConfig(getenv func(string) string) (Config, string, error) {
	return readFile(getenv)
}

// EnvSet lists the SENTINEL_LLM_* variables set in the environment.
func EnvSet(getenv func(string) string) []string {
	var out []string
	for _, n := range []string{EnvKey, EnvProvider, EnvModel, EnvURL, EnvRPM} {
		if getenv(n) != "" {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		if len(s) > 80 {
			return s[:80] + "…"
		}
		return s
	}
	u.User = url.User("[redacted]")
	return u.String()
}
