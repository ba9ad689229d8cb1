package blast

import "testing"

func TestSelfApproval(t *testing.T) {
	tests := []struct {
		cmd  string
		want bool
	}{
		{"sentinel mcp allow 4f2a9c1e", true},
		{"/usr/local/bin/sentinel mcp allow 4f2a9c1e", true},
		{"cd /tmp && sentinel approve --note ok", true},
		{"env NO_COLOR=1 sentinel init --approve-all", true},
		{"sudo sentinel sign --key k.pem", true},
		{"echo y | sentinel verify --accept-key", true},
		{"sentinel hook uninstall --project", true},
		{"x=$(sentinel mcp allow abc)", true},
		{"bash -c 'sentinel mcp allow abc'", true},
		{"eval sentinel approve", true},
		{"sh -lc \"cd x && sentinel sign\"", true},
		{"sentinel mcp allow 'unterminated", true}, // does not parse: judged by its words
		// Pointing the installed hooks at another program switches the gate off.
		{"sentinel hook install --binary /bin/true", true},
		{"sentinel hook install --project --binary=/usr/bin/env", true},
		// Windows names the program sentinel.exe.
		{`C:\\tools\\sentinel.exe approve`, true},
		{"Sentinel.EXE mcp allow x", true},
		// macOS finds SENTINEL as sentinel on its case-insensitive disks.
		{"SENTINEL approve", true},
		{"sentinel {approve,--note=x}", true},
		{"sentinel mcp {allow,x}", true},
		// A person's decisions stay with the person; everything else is fine.
		{"sentinel scan .", false},
		{"sentinel mcp approvals", false},
		{"sentinel mcp deny abc", false},
		{"sentinel init", false},
		{"sentinel verify", false},
		{"sentinel hook install", false},
		{"grep -r sentinel docs/ | wc -l", false},
		{"git commit -m 'approve sentinel changes'", false},
	}
	for _, tt := range tests {
		_, got := SelfApproval(tt.cmd)
		if got != tt.want {
			t.Errorf("SelfApproval(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}

func FuzzSelfApproval(f *testing.F) {
	f.Add("sentinel mcp allow x")
	f.Add("sentinel approve")
	f.Add("echo sentinel")
	f.Fuzz(func(t *testing.T, cmd string) {
		SelfApproval(cmd)
	})
}
