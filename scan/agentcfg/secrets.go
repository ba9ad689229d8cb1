package agentcfg

import (
	"strings"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/redact"
)

var secretKey = lazyre.New(`(?i)(api[_-]?key|token|secret|password|passwd|credential|private[_-]?key|auth|bearer|access[_-]?key)`)

// placeholder words mark example values, not credentials.
var placeholderWords = []string{"your", "xxx", "example", "placeholder", "changeme", "change-me", "replace", "dummy", "redacted", "<", "${", "$(", "{{", "env:", "insert", "here", "todo", "test-key", "sample"}

// IsSecretValue reports whether a literal value at key is a hardcoded
// credential: a token-shaped string anywhere, or a long random-looking value
// at a key that names a credential. References (${VAR}, $VAR), empty values
// and placeholders are not.
func IsSecretValue(key, value string) bool {
	v := strings.TrimSpace(value)
	if v == "" || strings.HasPrefix(v, "$") || strings.HasPrefix(v, "%") {
		return false
	}
	if redact.Contains(v) {
		return true
	}
	if !secretKey.MatchString(key) {
		return false
	}
	lower := strings.ToLower(v)
	for _, w := range placeholderWords {
		if strings.Contains(lower, w) {
			return false
		}
	}
	if strings.ContainsAny(v, " \t") || len(v) < 20 {
		return false
	}
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") {
		return false
	}
	var letters, digits int
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'):
			letters++
		}
	}
	return letters >= 6 && digits >= 4
}
