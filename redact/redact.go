// Package redact removes token-shaped secrets from text before it reaches any
// output: terminal, JSON, SARIF, pull-request comments, the web UI and logs.
//
// Redaction keeps the first four characters of a token so a reader can tell
// which credential it was ("sk-p...[redacted]") without being able to use it.
package redact

import (
	"strings"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
)

// Marker is appended to the visible prefix of every redacted token.
const Marker = "...[redacted]"

// patterns match token-shaped strings. Each names the literals one of which
// every match holds; the regular expression runs only when one is present,
// so clean text costs a few substring searches per pattern.
// A pattern with fold set is case-insensitive: its literals are lower case,
// begin with a byte that has no case, and are looked for in any case.
var patterns = []struct {
	literals []string
	re       *lazyre.Regexp
	fold     bool
}{
	{[]string{"PRIVATE KEY"}, lazyre.New(`-----BEGIN[ A-Z0-9]*PRIVATE KEY-----[\s\S]*?(?:-----END[ A-Z0-9]*PRIVATE KEY-----|$)`), false},
	{[]string{"sk-"}, lazyre.New(`\bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_\-]{16,}`), false},
	{[]string{"ghp_", "gho_", "ghs_", "ghu_", "ghr_"}, lazyre.New(`\b(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{20,}`), false},
	{[]string{"github_pat_"}, lazyre.New(`\bgithub_pat_[A-Za-z0-9_]{20,}`), false},
	{[]string{"glpat-"}, lazyre.New(`\bglpat-[A-Za-z0-9_\-]{20,}`), false},
	{[]string{"xox"}, lazyre.New(`\bxox[abposr]-[A-Za-z0-9\-]{10,}`), false},
	{[]string{"AKIA", "ASIA"}, lazyre.New(`\b(?:AKIA|ASIA)[A-Z0-9]{16}\b`), false},
	{[]string{"AIza"}, lazyre.New(`\bAIza[0-9A-Za-z_\-]{35}`), false},
	{[]string{"npm_"}, lazyre.New(`\bnpm_[A-Za-z0-9]{36}`), false},
	{[]string{"pypi-AgEIcHlwaS5vcmc"}, lazyre.New(`\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,}`), false},
	{[]string{"sk_live_", "sk_test_", "rk_live_", "rk_test_"}, lazyre.New(`\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}`), false},
	{[]string{"hf_"}, lazyre.New(`\bhf_[A-Za-z0-9]{30,}`), false},
	{[]string{"SG."}, lazyre.New(`\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}`), false},
	{[]string{"eyJ"}, lazyre.New(`\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`), false},
	{[]string{"earer "}, lazyre.New(`\b[Bb]earer [A-Za-z0-9_\-\.=]{20,}`), false},
	{[]string{"_secret_access_key"}, lazyre.New(`(?i)\baws_secret_access_key\s*[=:]\s*["']?[A-Za-z0-9/+=]{40}`), true},
}

// String returns s with every token-shaped secret replaced by its first four
// characters and Marker. Text without secrets is returned unchanged.
func String(s string) string {
	for _, p := range patterns {
		for _, l := range p.literals {
			if p.fold && containsFold(s, l) || !p.fold && strings.Contains(s, l) {
				s = p.re.ReplaceAllStringFunc(s, mask)
				break
			}
		}
	}
	return s
}

// userinfo matches the password part of a URL ("https://user:pw@host").
var userinfo = lazyre.New(`(://[^/\s:@"']+):([^/\s@"']+)@`)

// Printable returns s as it may be printed: token-shaped secrets redacted
// (String) and the password of any URL replaced by mask
// ("https://user:[redacted]@host"). The report writers and the MCP gateway's
// terminal lines share it.
func Printable(s, mask string) string {
	s = String(s)
	if strings.Contains(s, "@") && strings.Contains(s, "://") {
		s = userinfo.ReplaceAllString(s, "$1:"+mask+"@")
	}
	return s
}

// containsFold reports whether s holds lit, a lower-case literal whose first
// byte has no case, in any mix of cases.
func containsFold(s, lit string) bool {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], lit[0])
		if k < 0 || i+k+len(lit) > len(s) {
			return false
		}
		if strings.EqualFold(s[i+k:i+k+len(lit)], lit) {
			return true
		}
		i += k + 1
	}
}

// Contains reports whether s holds anything String would redact.
func Contains(s string) bool { return String(s) != s }

func mask(tok string) string {
	if strings.HasPrefix(tok, "-----BEGIN") {
		return "-----BEGIN PRIVATE KEY" + Marker
	}
	if strings.HasPrefix(strings.ToLower(tok), "aws_secret_access_key") {
		i := strings.IndexAny(tok, "=:")
		return tok[:i+1] + Marker
	}
	if strings.HasPrefix(tok, "Bearer ") || strings.HasPrefix(tok, "bearer ") {
		return tok[:len("Bearer ")+4] + Marker
	}
	n := 4
	if len(tok) < n {
		n = len(tok)
	}
	return tok[:n] + Marker
}

// credentialName matches the names of env variables and headers whose values
// are credentials.
var credentialName = lazyre.New(`(?i)(key|token|secret|passw|pwd|auth|credential|cookie|session|private|bearer|pat$)`)

// HideValue reports whether the value of the env variable or header name
// must never be printed at all: the name marks a credential and the value is
// not a reference to another variable ("${TOKEN}" and "$TOKEN" are shown,
// since they hold no secret and tell the reader where the value comes from).
func HideValue(name, value string) bool {
	return value != "" && credentialName.MatchString(name) && !isReference(value)
}

func isReference(v string) bool {
	v = strings.TrimSpace(v)
	return strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}") && !strings.ContainsAny(v[2:len(v)-1], " ${}") ||
		strings.HasPrefix(v, "$") && len(v) > 1 && !strings.ContainsAny(v[1:], " ${}/:")
}
