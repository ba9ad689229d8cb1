package agentcfg

import (
	"strings"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/redact"
)

var secretKey = lazyre.New(`(?i)(api[_-]?key|token|secret|password|passwd|credential|private[_-]?key|auth|bearer|access[_-]?key)`)

// passwordKey names a password: MY_PASSWORD, db-passwd, dbPassword, PWD
// after a separator.
var passwordKey = lazyre.New(`(?i)(?:password|passwd|(?:^|[_.\-])pwd)$`)

// envName is a value that names an environment variable instead of holding
// the secret: DB_PASSWORD_VAR's value "PGPASSWORD".
var envName = lazyre.New(`^[A-Z][A-Z0-9_]*$`)

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
	password := passwordKey.MatchString(key)
	if !password && !secretKey.MatchString(key) {
		return false
	}
	lower := strings.ToLower(v)
	for _, w := range placeholderWords {
		if strings.Contains(lower, w) {
			return false
		}
	}
	if strings.ContainsAny(v, " \t") {
		return false
	}
	// A password is a credential however it looks: any literal of eight
	// characters or more at a key that ends in password, except a path, a
	// switch or the name of another variable.
	if password {
		return len(v) >= 8 && !strings.ContainsAny(v, "/\\") && !envName.MatchString(v) &&
			lower != "true" && lower != "false" && lower != "null"
	}
	if len(v) < 20 {
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
