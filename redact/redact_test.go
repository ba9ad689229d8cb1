package redact

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"openai", "key sk-proj-abcdefghijklmnopqrstuvwx end", "key sk-p...[redacted] end"},
		{"anthropic", "sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA", "sk-a...[redacted]"},
		{"github", "token ghp_0123456789abcdefghijABCDEFGHIJ0123", "token ghp_...[redacted]"},
		{"github pat", "github_pat_11ABCDEFG0123456789_abcdefghij", "gith...[redacted]"},
		{"aws key id", "AKIAIOSFODNN7EXAMPLE", "AKIA...[redacted]"},
		{"jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "eyJh...[redacted]"},
		{"private key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY-----", "-----BEGIN PRIVATE KEY...[redacted]"},
		{"bearer", "Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456", "Authorization: Bearer abcd...[redacted]"},
		{"clean", "Never send $AWS_SECRET_ACCESS_KEY anywhere", "Never send $AWS_SECRET_ACCESS_KEY anywhere"},
		{"short sk", "use sk-short here", "use sk-short here"},
		{"aws secret, lower case", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key =...[redacted]"},
		{"aws secret, upper case", "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "export AWS_SECRET_ACCESS_KEY=...[redacted]"},
		{"aws secret, mixed case", "Aws_Secret_Access_Key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "Aws_Secret_Access_Key:...[redacted]"},
		{"stripe live", "STRIPE_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc now", "STRIPE_KEY=sk_l...[redacted] now"},
		{"stripe restricted", "rk_test_51H8abcdefghijklmnopqrstu", "rk_t...[redacted]"},
		{"hugging face", "token hf_abcdefghijklmnopqrstuvwxyzABCDEFGH here", "token hf_a...[redacted] here"},
		{"sendgrid", "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", "SG.a...[redacted]"},
		{"pypi", "pypi-AgEIcHlwaS5vcmcCJGFiY2RlZmdoLWlqa2wtbW5vcC1xcnN0LXV2d3h5ejEyMzQ1Ng", "pypi...[redacted]"},
		{"short hf word", "see hf_model and sk_live_ docs", "see hf_model and sk_live_ docs"},
		{"github token among underscores", "snake_case_name and ghs_0123456789abcdefghijABCDEFGHIJ0123", "snake_case_name and ghs_...[redacted]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := String(tt.in); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestContainsFold(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"X_SECRET_ACCESS_KEY", true}, {"_secret_access_key", true}, {"_Secret_Access_KEY=", true},
		{"_secret_access_ke", false}, {"secret_access_key", false}, {"", false}, {"__secret_access_keY", true},
	} {
		if got := containsFold(c.s, "_secret_access_key"); got != c.want {
			t.Errorf("containsFold(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

func FuzzString(f *testing.F) {
	f.Add("sk-proj-abcdefghijklmnopqrstuvwx")
	f.Add("-----BEGIN RSA PRIVATE KEY-----\nabc")
	f.Add("plain text")
	f.Fuzz(func(t *testing.T, s string) {
		out := String(s)
		if String(out) != out {
			t.Fatalf("redaction not idempotent: %q -> %q -> %q", s, out, String(out))
		}
		if strings.Contains(s, "ghp_") && len(out) > len(s)+len(Marker)*8 {
			t.Fatalf("output grew unreasonably")
		}
	})
}

func TestHideValue(t *testing.T) {
	tests := []struct {
		name, value string
		want        bool
	}{
		{"DB_PASSWORD", "hunter2", true},
		{"Authorization", "Basic dXNlcjpwYXNz", true},
		{"GITHUB_TOKEN", "${GITHUB_TOKEN}", false},
		{"API_KEY", "$API_KEY", false},
		{"API_KEY", "${A} ${B}", true}, // not a single reference
		{"API_KEY", "", false},
		{"REGION", "eu-west-1", false},
		{"SESSION_SECRET", "x", true},
	}
	for _, tt := range tests {
		if got := HideValue(tt.name, tt.value); got != tt.want {
			t.Errorf("HideValue(%q, %q) = %v, want %v", tt.name, tt.value, got, tt.want)
		}
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"https://alice:hunter2@example.com/x": "https://alice:[m]@example.com/x",
		"no url here":                         "no url here",
		"key sk-ant-abcdefghijklmnopqrstuvwx": "key sk-a" + Marker,
	} {
		if got := Printable(in, "[m]"); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}
