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
		// Listing the queue hands the approval IDs to the model; denying
		// is a decision too.
		{"sentinel mcp approvals", true},
		{"sentinel mcp approvals --json", true},
		{"sentinel mcp deny abc", true},
		{"sentinel mcp queue", true},
		{"sentinel mcp policy set x", true},
		// Issue #14: quoting, escapes and computed names resolve to the
		// argument vector the shell runs.
		{"sen''tinel mcp allow ID", true},
		{`sen"tinel" mcp allow ID`, true},
		{`s\entinel mcp allow ID`, true},
		{`$'\x73entinel' mcp allow ID`, true},
		{`$'\163entinel' approve`, true},
		{"$(command -v sentinel) mcp allow ID", true},
		{"$(command -v sentinel) approve", true},
		{"`which sentinel` mcp allow ID", true},
		{"`which sentinel` sign", true},
		{"S=sentinel; $S approve", true},
		{"cp $(which sentinel) /tmp/s && /tmp/s mcp allow ID", true},
		{"cp $(which sentinel) /tmp/s && /tmp/s approve", true},
		{"cp $(which sentinel) ./s && ./s keygen", true},
		{"ln -s $(which sentinel) s; PATH=.:$PATH s approve", true},
		{"alias s=sentinel; s approve", true},
		{`find / -name sentinel -exec {} mcp allow ID \;`, true},
		{`find / -name sentinel -exec {} approve \;`, true},
		{`busybox sh -c "sentinel mcp allow ID"`, true},
		{"env sentinel mcp allow ID", true},
		{"env -i PATH=/usr/bin /tmp/x approve", true},
		{`env -S "sentinel approve"`, true},
		{`fish -c "sentinel mcp allow ID"`, true},
		{`script -qc "sentinel mcp allow ID" /dev/null`, true},
		{`script -c "s''entinel approve"`, true},
		{"go run github.com/sentinel-sec/sentinel/cmd/sentinel@latest mcp allow ID", true},
		{"go run github.com/sentinel-sec/sentinel/cmd/sentinel@latest approve", true},
		{"go run ./cmd/sentinel sign", true},
		{"go run . approve", true},
		{"echo ID | xargs sentinel mcp allow", true},
		{"echo ID | xargs -I{} /tmp/s mcp allow {}", true},
		{"nohup sentinel mcp allow ID &", true},
		{"nohup s approve", true},
		{"timeout 5 sentinel approve", true},
		{"timeout -k 1 5s /tmp/s sign", true},
		{"sudo -u root sentinel keygen", true},
		{"sentinel apikey --remove", true},
		{"nohup s apikey --show", true},
		{"sudo -u root s keygen", true},
		{"eval 'sen''tinel mcp allow ID'", true},
		{`bash -c 'bash -c "sentinel approve"'`, true},
		{`echo "sentinel mcp allow ID" | sh`, true},
		{`printf 'sentinel approve\n' | bash`, true},
		{"bash <<EOF\nsentinel approve\nEOF", true},
		{`bash <<< "sentinel mcp allow ID"`, true},
		{`python3 -c "import os; os.system('sentinel approve')"`, true},
		{`perl -e 'system("sentinel mcp allow ID")'`, true},
		{"watch 'sentinel mcp approvals'", true},
		{"f() { sentinel \"$@\"; }; f mcp allow ID", true},
		{"x=$(/tmp/s mcp allow ID)", true},
		{"sentinel --no-color approve", true},
		{"s mcp allow ID", true},
		// Words only known at run time after a program named sentinel.
		{"sentinel mcp $X ID", true},
		{"sentinel $(echo approve)", true},
		{"sentinel mcp allow${IFS}ID", true},
		{"sentinel $CMD", true},
		{"echo 'mcp allow ID' | xargs sentinel", true},
		{"echo approve | xargs sentinel", true},
		{"echo 'mcp allow ID' | xargs /tmp/s", true},
		{"echo ID | xargs sentinel mcp allow", true},
		// Interpreter code is read by its words too.
		{`python3 -c 'import subprocess; subprocess.run(["sentinel","approve"])'`, true},
		{`node -e 'require("child_process").execSync("sentinel mcp allow ID")'`, true},
		// Launchers: another machine, another terminal, later.
		{"ssh localhost 'sentinel approve'", true},
		{"ssh -p 22 me@localhost sentinel mcp allow ID", true},
		{"tmux new-window 'sentinel mcp allow ID'", true},
		{"tmux send-keys -t 0 'sentinel approve' Enter", true},
		{"screen -dm sh -c 'sentinel approve'", true},
		{"echo 'sentinel approve' | at now", true},
		{"at now <<EOF\nsentinel mcp allow ID\nEOF", true},
		{"s\\\nentinel approve", true},
		// Does not parse: judged by its words.
		{"sen'tinel mcp allow ID", true},
		{"(mcp allow ID", true},
		// A person's decisions stay with the person; everything else is fine.
		{"git commit -m \"approve the fix\"", false},
		{"git commit -m 'sentinel: tests for mcp allow'", false},
		{"gh pr review 12 --approve", false},
		{"glab mr approve 12", false},
		{"kubectl certificate approve csr-1", false},
		{"cosign sign --key k.pem img", false},
		{"/usr/local/bin/cosign sign img", false},
		{"notation sign img", false},
		{"make sign", false},
		{"npm run sign", false},
		{"grep -rn approve internal/", false},
		{"rg sign", false},
		{"echo approve", false},
		{"ssh-keygen -t ed25519", false},
		{"go test ./guard/blast -run SelfApproval", false},
		{"go run ./cmd/sentinel scan .", false},
		{"sentinel mcp log --verify", false},
		{"sentinel mcp pins", false},
		{"sentinel mcp proxy -- npx server", false},
		{"sentinel scan $DIR", false},
		{"sentinel scan \"$(pwd)\"", false},
		{"find . -name '*.go' | xargs gofmt -l", false},
		{"git ls-files | xargs grep -n approve", false},
		{"./run.sh \"$1\"", false},
		{"ssh host 'ls -la'", false},
		{"tmux new-window 'npm run dev'", false},
		{`python3 -c 'print(1)'`, false},
		{"sentinel scan .", false},
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
