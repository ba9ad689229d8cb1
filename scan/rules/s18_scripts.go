package rules

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/sentinel-sec/sentinel/internal/ascii"
	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Thresholds of S18a, from the specification.
const (
	opaqueLineLen   = 2000
	opaqueMinSize   = 4 << 10
	opaqueEntropy   = 5.8
	scriptReadLimit = 4 << 20
)

// autoRunScripts returns each script an auto-run entry runs, with the first
// entry that runs it, in path order.
func autoRunScripts(r *Repo) ([]*discover.File, map[string]agentcfg.AutoRun) {
	by := map[string]agentcfg.AutoRun{}
	var files []*discover.File
	for a, t := range r.scriptTargets() {
		if _, seen := by[t.Path]; seen {
			continue
		}
		s := r.File(t.Path)
		if s == nil {
			continue
		}
		by[t.Path] = a
		files = append(files, s)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, by
}

// S18a finds auto-run scripts no reviewer can read: packed, minified or
// encoded payloads.
var S18a = &Rule{
	ID: "S18a", Name: "The auto-run script is unreadable", Weight: 60, Effect: EffectForce, AutoRun: true,
	Impact: "A script that runs by itself is packed or encoded, so no reviewer can tell what it does.",
	Fix:    "Remove the entries that run it; if the tool is legitimate, run its readable source instead of a packed build.",
	Check: func(r *Repo, rep *Report) {
		files, by := autoRunScripts(r)
		for _, f := range files {
			longest, entropy := measure(f.Data)
			if longest <= opaqueLineLen && !(len(f.Data) >= opaqueMinSize && entropy >= opaqueEntropy) {
				continue
			}
			a := by[f.Path]
			rep.Add(Finding{Path: f.Path, Line: 1,
				Message: fmt.Sprintf("auto-exec target is opaque: %s bytes, longest line %s chars, entropy %.2f bits/byte (run by %s)",
					comma(len(f.Data)), comma(longest), entropy, a.Source)})
		}
	},
}

// measure returns the longest line in characters and the Shannon entropy of
// the file's ASCII bytes (bytes ≥ 0x80 are left out, so text in other
// scripts does not look packed).
func measure(data []byte) (longest int, entropy float64) {
	if len(data) > scriptReadLimit {
		data = data[:scriptReadLimit]
	}
	var counts [128]int
	n, cur := 0, 0
	for _, b := range data {
		if b == '\n' {
			if cur > longest {
				longest = cur
			}
			cur = 0
		} else if b < 0x80 || b >= 0xC0 { // count characters, not continuation bytes
			cur++
		}
		if b < 0x80 {
			counts[b]++
			n++
		}
	}
	if cur > longest {
		longest = cur
	}
	if n == 0 {
		return longest, 0
	}
	for _, c := range counts {
		if c == 0 {
			continue
		}
		p := float64(c) / float64(n)
		entropy -= p * math.Log2(p)
	}
	return longest, entropy
}

func comma(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

var (
	spawnRe  = newSplitRegexp(`child_process|\bexecSync\b|\bspawnSync?\(|\bexecFile(Sync)?\(|\bsubprocess\.|\bos\.system\(|\bos\.popen\(|\bPopen\(|Bun\.spawn|Deno\.(run|Command)|\bStart-Process\b|\bnohup\b|\bsetsid\b|\beval\s+"?\$\(|\b(ba|z)?sh\s+-c\b`)
	netRe    = newSplitRegexp(`\bfetch\(|\bhttps?\.(request|get)\(|\baxios\b|\brequests\.(get|post|put)\b|\burllib\b|\bhttpx\b|\bnet\.(connect|Socket|createConnection)\b|\bsocket\.socket\(|\bcurl\s|\bwget\s|\bInvoke-WebRequest\b|\bInvoke-RestMethod\b|\biwr\s|\bnc\s+-|/dev/tcp/|\bXMLHttpRequest\b|\bWebSocket\(`)
	decodeRe = newSplitRegexp(`Buffer\.from\([^)]*['"]base64['"]|\batob\(|\bb64decode\(|\bbase64\s+(-d|--decode)\b|\bFromBase64String\b|\bxxd\s+-r\b|\bzlib\.(inflate|gunzip|decompress)|\bopenssl\s+enc\s+-d\b|\beval\(|\bnew Function\(|\bexec\(compile\(`)
)

// downloadLits are the words a download-and-execute needs: the expression
// runs only on text that holds one of them (in any case).
var downloadLits = []string{"curl", "wget", "iwr", "fetch", "invoke-", "iex", "irm", "urlopen"}

// containsAny reports whether s holds one of lits.
func containsAny(s string, lits []string) bool {
	for _, l := range lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

// mayDownload is a quick test that downloadExec can match s. Every match
// holds, case aside: a download word with a '|' after it on its line
// (curl ... | sh, iwr ... | iex), "$(curl" or "$(wget" (sh -c "$(curl
// ...)"), "<(" and curl or wget after white space (bash <( curl ...)), iex
// or Invoke-Expression, or urlopen. The text is searched for these in one
// pass; text with a Kelvin sign or a long s, which (?i) takes for k and s,
// gets a looser test: Unicode lower-casing and the words anywhere.
func mayDownload(s string) bool {
	word := false // a download word earlier on this line
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			// Only the Kelvin sign and the long s case-fold to ASCII
			// letters (k and s); other characters match none of the words.
			if strings.HasPrefix(s[i:], "\u212a") || strings.HasPrefix(s[i:], "\u017f") {
				return containsAny(strings.ToLower(s), downloadLits) || strings.Contains(s, "$(") || strings.Contains(s, "<(")
			}
			continue
		case c == '\n':
			word = false
			continue
		case c == '|':
			if word {
				return true
			}
			continue
		case c == '$' || c == '<':
			if i+1 < len(s) && s[i+1] == '(' {
				j := i + 2
				for c == '<' && j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\f' || s[j] == '\r') {
					j++
				}
				if ascii.HasFoldPrefix(s[j:], "curl") || ascii.HasFoldPrefix(s[j:], "wget") {
					return true
				}
			}
			continue
		}
		switch c | 0x20 {
		case 'c':
			word = word || ascii.HasFoldPrefix(s[i:], "curl")
		case 'w':
			word = word || ascii.HasFoldPrefix(s[i:], "wget")
		case 'f':
			word = word || ascii.HasFoldPrefix(s[i:], "fetch")
		case 'i':
			if ascii.HasFoldPrefix(s[i:], "iex") || ascii.HasFoldPrefix(s[i:], "invoke-expression") {
				return true
			}
			word = word || ascii.HasFoldPrefix(s[i:], "iwr") || ascii.HasFoldPrefix(s[i:], "irm") || ascii.HasFoldPrefix(s[i:], "invoke-")
		case 'u':
			if ascii.HasFoldPrefix(s[i:], "urlopen") {
				return true
			}
		}
	}
	return false
}

// scriptText is a script's content as a string, without a copy (rules
// never change a file's Data), cut to scriptReadLimit. A finding keeps
// only copies of it: Data may be a caller's buffer (ScanText, extra files).
func scriptText(f *discover.File) string {
	data := f.Data
	if len(data) > scriptReadLimit {
		data = data[:scriptReadLimit]
	}
	return unsafe.String(unsafe.SliceData(data), len(data))
}

// findDownloadExec looks for download-and-execute; its literals are
// matched case-insensitively, as the expression is.
func findDownloadExec(s string) []int {
	if !mayDownload(s) {
		return nil
	}
	return downloadExec.FindStringIndex(s)
}

// S18b finds readable auto-run scripts that start processes and also talk to
// the network or decode data: the capabilities a dropper needs.
var S18b = &Rule{
	ID: "S18b", Name: "The auto-run script can spawn and connect", Weight: 30, AutoRun: true,
	Impact: "A script that runs by itself can start other programs and reach the network or unpack hidden code.",
	Fix:    "Read the script; make sure every process it starts and every address it contacts is one you expect, then approve it.",
	Check: func(r *Repo, rep *Report) {
		files, by := autoRunScripts(r)
		for _, f := range files {
			// Each alternative of these expressions runs only when its own
			// literal is in the script (see splitRegexp).
			text := scriptText(f)
			sp := spawnRe.FindStringIndex(text)
			if sp == nil {
				continue
			}
			other := netRe.FindStringIndex(text)
			what := "makes network calls"
			if other == nil {
				other = decodeRe.FindStringIndex(text)
				what = "decodes data"
			}
			if other == nil {
				continue
			}
			a := by[f.Path]
			rep.Add(Finding{Path: f.Path, Line: lineAt(text, sp[0]),
				Message:  "auto-run script (run by " + a.Source + ") starts processes and " + what,
				Evidence: strings.Clone(lineText(text, other[0]))})
		}
	},
}

// downloadExec matches code fetched from the network and handed to an
// interpreter in the same command.
//
// A pipe may pass through other stages first (curl … | tee log | bash),
// never through "||"; the interpreter may follow sudo with
// its flags, env, or a /bin or /usr/bin path. Command substitution feeds
// sh -c, eval and the -c/-e of python, node, perl and ruby; process
// substitution feeds sh, source and ".".
var downloadExec = lazyre.New(`(?i)(\b(curl|wget|iwr|Invoke-WebRequest|fetch)\b[^|\n]*(\|[^|\n]+)*\|\s*(sudo\s+(-[a-z]+\s+)*)?(env\s+)?(/usr)?(/bin/)?(ba|z|da|k)?sh\b|\b(curl|wget)\b[^|\n]*(\|[^|\n]+)*\|\s*(sudo\s+(-[a-z]+\s+)*)?(env\s+)?(/usr)?(/bin/)?(python3?|node|perl|ruby|bash|sh|pwsh|iex)\b|(\b(ba|z)?sh\s+-c|\beval|\bpython3?\s+-c|\b(node|perl|ruby)\s+-e)\s+["']?\$\((curl|wget)\b|(\b(ba|z)?sh|\bsource|(^|[\s;&|(])\.)\s+<\(\s*(curl|wget)\b|\b(iex|Invoke-Expression)\b[^\n]*\b(iwr|Invoke-WebRequest|DownloadString|irm|Invoke-RestMethod)\b|\b(irm|iwr|Invoke-RestMethod)\b[^|\n]*\|\s*iex\b|python3?\s+-c\s+["'][^"'\n]*urlopen[^\n]*exec)`)

// S18c finds download-and-execute in a hook command or the script it runs.
var S18c = &Rule{
	ID: "S18c", Name: "Download-and-execute", Weight: 60, Effect: EffectForce, AutoRun: true,
	Impact: "Something that runs by itself downloads code and runs it; whoever controls that address controls your machine.",
	Fix:    "Remove the download-and-run; pin the tool as a dependency with a checksum instead.",
	Check: func(r *Repo, rep *Report) {
		for _, a := range r.AutoRuns {
			if a.Type == "prompt" || a.Type == "agent" || a.Type == "http" {
				continue
			}
			if m := findDownloadExec(a.Command); m != nil {
				it := r.HookItem(a)
				rep.Add(Finding{Path: a.Source, Line: a.Line,
					Message: "download-and-execute in " + describe(a), Evidence: a.Command, Subject: &it})
			}
		}
		// A tool server whose command downloads code and runs it
		// (command "bash", args ["-c", "curl … | bash"]) runs it at
		// every start of the agent.
		for _, s := range r.Servers {
			if s.Command == "" {
				continue
			}
			line := serverCommandLine(s.Command, s.Args)
			if m := findDownloadExec(line); m != nil {
				it := r.ServerItem(s)
				rep.Add(Finding{Path: s.Source, Line: s.Line,
					Message: "download-and-execute in MCP server \"" + s.Name + "\"", Evidence: clip(line, 200), Subject: &it})
			}
		}
		files, by := autoRunScripts(r)
		for _, f := range files {
			text := scriptText(f)
			loc := findDownloadExec(text)
			if loc == nil {
				continue
			}
			a := by[f.Path]
			rep.Add(Finding{Path: f.Path, Line: lineAt(text, loc[0]),
				Message:  "download-and-execute in a script run by " + a.Source,
				Evidence: strings.Clone(lineText(text, loc[0]))})
		}
	},
}

// serverCommandLine is a server's command and arguments as one shell line,
// each argument with spaces quoted, so `bash -c "curl … | bash"` reads as
// it runs.
func serverCommandLine(cmd string, args []string) string {
	var b strings.Builder
	b.WriteString(cmd)
	for _, a := range args {
		b.WriteByte(' ')
		if strings.ContainsAny(a, " \t|;&$()<>") && !strings.Contains(a, "'") {
			b.WriteString("'" + a + "'")
		} else {
			b.WriteString(a)
		}
	}
	return b.String()
}

func lineAt(text string, off int) int { return strings.Count(text[:off], "\n") + 1 }

func lineText(text string, off int) string {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	end := strings.IndexByte(text[off:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += off
	}
	return clip(strings.TrimSpace(text[start:end]), 200)
}
