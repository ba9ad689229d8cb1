package agentcfg

import "testing"

func TestIsSecretValue(t *testing.T) {
	tests := []struct {
		key, value string
		want       bool
	}{
		{"GITHUB_TOKEN", "ghp_0123456789abcdefghijABCDEFGHIJ0123", true}, // token-shaped anywhere
		{"NOTE", "ghp_0123456789abcdefghijABCDEFGHIJ0123", true},         //
		{"API_KEY", "a8f5f167f44f4964e6c998dee827110c", true},            // random-looking at a credential key
		{"API_KEY", "${API_KEY}", false},                                 // reference
		{"API_KEY", "your-api-key-here-please-1234", false},              // placeholder
		{"TOKEN_URL", "https://auth.example.com/oauth/token1234", false}, // URL
		{"AUTH_MODE", "oauth", false},                                    // short word
		{"MY_PASSWORD", "Tr0ub4dor&3-horse-battery", true},               // passwords: any literal
		{"DB_PASSWORD", "correcthorsebatterystaple", true},               //
		{"dbPassword", "hunter2hunter2", true},                           //
		{"PGPWD", "s3cretpass", false},                                   // pwd only after a separator
		{"PG_PWD", "s3cretpass", true},                                   //
		{"DB_PASSWORD", "short", false},                                  // under eight characters
		{"DB_PASSWORD", "$DB_PASSWORD", false},                           // reference
		{"DB_PASSWORD", "<password>", false},                             // placeholder
		{"DB_PASSWORD", "changeme123", false},                            //
		{"DB_PASSWORD", "/run/secrets/db_password", false},               // a path to the secret
		{"DB_PASSWORD", "PGPASSWORD_FROM_VAULT", false},                  // names another variable
		{"REQUIRE_PASSWORD", "true", false},                              // a switch
		{"DB_PASSWORD_FILE", "secrets-db.txt-long-name", false},          // not a password key
		{"PASSWORD_MIN_LENGTH", "12345678", false},                       //
	}
	for _, tt := range tests {
		if got := IsSecretValue(tt.key, tt.value); got != tt.want {
			t.Errorf("IsSecretValue(%q, %q) = %v, want %v", tt.key, tt.value, got, tt.want)
		}
	}
}
