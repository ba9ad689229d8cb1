// Package rules holds Sentinel's detection rules as data: each rule is a Rule
// value with its ID, weight, effect, plain-language impact and fix, and a
// small Check function. The ordered list lives in registry.go, the one place
// rules are registered.
package rules

import (
	"context"
	"io/fs"
	"runtime"
	"sort"
	"sync"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Effect is what a rule does to a file's verdict beyond its weight.
type Effect int

const (
	// EffectNone: the weight is subtracted, nothing more.
	EffectNone Effect = iota
	// EffectForce: deterministic evidence; the file is COMPROMISED and its
	// displayed score is capped at 39.
	EffectForce
	// EffectCeiling: the file cannot be CLEAN until a person approves it;
	// its score is capped at 79.
	EffectCeiling
)

func (e Effect) String() string {
	switch e {
	case EffectForce:
		return "FORCE"
	case EffectCeiling:
		return "CEILING"
	}
	return ""
}

// AutoRunFamily names, in ForceWith, every rule about something that runs by
// itself (hooks, tasks, run-instructions and their scripts).
const AutoRunFamily = "auto-run"

// Rule is one detection rule.
type Rule struct {
	ID     string
	Name   string
	Weight int // points subtracted, positive
	Effect Effect
	// ForceWith makes the rule FORCE only when a finding of one of these
	// rules (or of the auto-run family) is in the same file.
	ForceWith []string
	// AutoRun marks rules of the auto-run family.
	AutoRun bool
	// OptIn rules run only when a scan asks for them (scan.WithOptIn,
	// `sentinel scan --meaning`): a reading too slow or too new to run on
	// every scan, the gate's included. Reports still know them.
	OptIn bool
	// Apart says the rule reads nothing of the Repo but its files' paths,
	// kinds and bytes, which no rule changes, and writes nothing but its
	// Report: RunContext may run it beside the other rules on another
	// core (S45, whose reading is as long as the rest of the engine's).
	Apart bool
	// Prepare, when set, builds what Check needs once per process (S45:
	// its lexicons, gates and model), so that a scan may run it beside
	// the walk of the tree.
	Prepare func()
	// Sandbox marks findings of a model's behaviour (D1): at most 40
	// points together, and never COMPROMISED by themselves (scan/score).
	Sandbox bool
	// Impact says in one sentence what the agent would do; Fix what to do.
	Impact, Fix string
	// Check reads the repository and reports findings.
	Check func(*Repo, *Report)
}

// Severity is derived from the rule's weight and effect, for reports that
// want one word.
func (r *Rule) Severity() string {
	switch {
	case r.Effect == EffectForce || r.Weight >= 50:
		return "critical"
	case r.Weight >= 35:
		return "high"
	case r.Weight >= 20 || r.Effect == EffectCeiling:
		return "medium"
	default:
		return "low"
	}
}

// Finding is one thing a rule found. Rules fill RuleID, Path, Line, Message
// and Evidence (and Impact when a specific sentence beats the rule's own);
// the engine fills the rest from the rule and the score.
type Finding struct {
	RuleID   string `json:"rule_id"`
	RuleName string `json:"rule_name"`
	Severity string `json:"severity"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Message  string `json:"message"`
	// Evidence is the line or value that triggered the rule, secrets redacted.
	Evidence string `json:"evidence,omitempty"`
	// Decoded is hidden or encoded text the rule decoded, as the agent reads it.
	Decoded string `json:"decoded,omitempty"`
	Impact  string `json:"impact"`
	Fix     string `json:"fix"`
	// Penalty is the rule's weight; 0 for observations.
	Penalty           int  `json:"penalty"`
	Ceiling           *int `json:"ceiling"`
	ForcesCompromised bool `json:"forces_compromised"`
	// Observation marks a finding shown to the reader that never moves a verdict.
	Observation bool `json:"observation,omitempty"`
	// Subject identifies the hook, task or server the finding is about, so an
	// approval can be matched to it.
	Subject *Item `json:"subject,omitempty"`
	// Meaning is how the semantic reading (S45) read the unit: its frame's
	// parts and the score. Only S45 findings carry it.
	Meaning *MeaningFields `json:"meaning,omitempty"`
}

// Report collects findings from rules.
type Report struct {
	rule     *Rule
	findings []Finding
}

// Add records a finding for the rule being run.
func (r *Report) Add(f Finding) {
	if r.rule != nil && f.RuleID == "" {
		f.RuleID = r.rule.ID
	}
	r.findings = append(r.findings, f)
}

// Item is something that runs or connects by itself and can be approved.
type Item struct {
	Kind    string `json:"kind"`   // hook, task, setting, server, rule-command
	Tool    string `json:"tool"`   // claude, gemini, cursor, vscode
	Source  string `json:"source"` // declaring config file
	Event   string `json:"event,omitempty"`
	Matcher string `json:"matcher,omitempty"`
	Name    string `json:"name,omitempty"`    // server name, task label
	Command string `json:"command,omitempty"` // command line or URL
	// Hash is the sha256 (hex) of what the approval pins: the scripts the
	// item runs, or the server's canonical configuration.
	Hash string `json:"hash,omitempty"`
}

// Approver answers whether a person approved an item (AGENTS.lock).
type Approver interface {
	Approved(Item) bool
}

// NoApprovals approves nothing: the answer when there is no lock.
type NoApprovals struct{}

// Approved always reports false.
func (NoApprovals) Approved(Item) bool { return false }

// Repo is everything the rules read: the discovered files, what the parsers
// made of them, and read access to the tree for the scripts they point to.
type Repo struct {
	FS       fs.FS
	Files    []discover.File
	Configs  map[string]*agentcfg.Config // by config file path
	AutoRuns []agentcfg.AutoRun
	Servers  []agentcfg.Server
	// Scripts are the auto-run targets that exist, read once, by path.
	Scripts map[string]*discover.File
	// OutsideRuns are files outside the scanned folder that a config names
	// for the agent to run (a plugin's hooks file, a servers file): never
	// read, so nothing can approve them (S17a says so).
	OutsideRuns []OutsideRun
	// Notices are what the walk could not read; S36 reports those about an
	// agent file or folder (Agent).
	Notices  []discover.Notice
	Approver Approver
	// HooksOnly limits the scan to what runs or connects by itself.
	HooksOnly bool
	// Base is the revision a pull request is compared with; nil outside
	// pull-request mode (see base.go, rules S6 and S20).
	Base *BaseInfo
	// StableData promises that no File's Data changes while the Repo, its
	// documents or its findings are in use (the engine read the bytes
	// itself). Instruction files are then analysed without a copy; a
	// caller's buffer is copied.
	StableData bool

	docs   map[string]*Doc
	byPath map[string]*discover.File // index of Files, built on first use; Files do not change after it
	leaks  *[]repoLeak               // what S34 and S35 report, read once (s34_script_exfil.go)
	deps   map[string]*scriptDeps    // by script path: what it loads (scriptdeps.go)
}

// File returns the discovered file or the read script at p, or nil.
func (r *Repo) File(p string) *discover.File {
	if r.byPath == nil {
		r.byPath = make(map[string]*discover.File, len(r.Files))
		for i := range r.Files {
			r.byPath[r.Files[i].Path] = &r.Files[i]
		}
	}
	if f, ok := r.byPath[p]; ok {
		return f
	}
	return r.Scripts[p]
}

// Run runs every rule of list over repo and returns their findings in a
// stable order (path, line, rule).
func Run(list []*Rule, repo *Repo) []Finding {
	out, _ := RunContext(context.Background(), list, repo)
	return out
}

// RunContext is Run that stops between rules once ctx is done, returning
// ctx's error and no findings.
func RunContext(ctx context.Context, list []*Rule, repo *Repo) ([]Finding, error) {
	if repo.Approver == nil {
		repo.Approver = NoApprovals{}
	}
	reps := make([]*Report, len(list))
	// The rules marked Apart run beside the others when there is another
	// core to run them on; with one, a goroutine would only interleave
	// two readings that evict each other's tables from the cache. Each
	// rule fills its own Report and they are read in the list's order, so
	// the findings are the same either way.
	var wg sync.WaitGroup
	var crash any
	var crashOnce sync.Once
	if runtime.GOMAXPROCS(0) > 1 {
		for i, rule := range list {
			if !rule.Apart {
				continue
			}
			reps[i] = &Report{rule: rule}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() {
					if p := recover(); p != nil {
						crashOnce.Do(func() { crash = p })
					}
				}()
				rule.Check(repo, reps[i])
			}()
		}
	}
	// No rule run apart outlives RunContext, even when a rule in line
	// panics; a panic in a rule run apart is raised again here, as if the
	// rule had run in line, once that rule has stopped.
	defer wg.Wait()
	join := func() {
		wg.Wait()
		if crash != nil {
			panic(crash)
		}
	}
	for i, rule := range list {
		if reps[i] != nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			join()
			return nil, err
		}
		reps[i] = &Report{rule: rule}
		rule.Check(repo, reps[i])
	}
	join()
	var out []Finding
	for i, rule := range list {
		for _, f := range reps[i].findings {
			f.RuleName = rule.Name
			f.Severity = rule.Severity()
			if f.Impact == "" {
				f.Impact = rule.Impact
			}
			if f.Fix == "" {
				f.Fix = rule.Fix
			}
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return ruleOrder(a.RuleID) < ruleOrder(b.RuleID)
	})
	return out, nil
}
