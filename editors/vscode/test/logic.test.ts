import { test } from "node:test";
import * as assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { approveInvocation, demoFile, parseVerdict, serverCommand, statusFor } from "../src/logic";

// Stubs of the server's answers, recorded from sentinel lsp (the Go test
// TestVSCodeStubsMatchServer checks they still have its shape).
const fixtures = join(__dirname, "..", "..", "test", "fixtures");
const stub = (name: string): unknown => JSON.parse(readFileSync(join(fixtures, name), "utf8"));

test("a COMPROMISED verdict turns the status bar red and links the report", () => {
  const v = parseVerdict(stub("verdict-compromised.json"));
  assert.equal(v.verdict, "COMPROMISED");
  const s = statusFor(v);
  assert.match(s.text, /COMPROMISED/);
  assert.equal(s.background, "statusBarItem.errorBackground");
  assert.match(s.tooltip, /Click for the report/);
  assert.match(v.report, /S1a/);
});

test("a CLEAN verdict has no alarm colour", () => {
  const s = statusFor(parseVerdict({ root: "/p", rootUri: "file:///p", verdict: "CLEAN", trustScore: 100, files: 1, findings: 0, report: "" }));
  assert.match(s.text, /CLEAN 100/);
  assert.equal(s.background, undefined);
});

test("a SUSPICIOUS verdict (an unapproved hook) is yellow", () => {
  const v = parseVerdict(stub("verdict-suspicious.json"));
  const s = statusFor(v);
  assert.match(s.text, /SUSPICIOUS 75/);
  assert.equal(s.background, "statusBarItem.warningBackground");
  assert.match(s.tooltip, /2 agent files, 1 finding\)/);
});

test("a verdict the server could not compute says so", () => {
  const s = statusFor(parseVerdict({ root: "/p", verdict: "UNKNOWN", report: "Sentinel could not scan this folder" }));
  assert.match(s.text, /could not scan/);
});

test("nonsense from the server is not trusted", () => {
  assert.throws(() => parseVerdict(null));
  assert.throws(() => parseVerdict("COMPROMISED"));
  const v = parseVerdict({ verdict: "<img src=x>", trustScore: "99", files: Infinity });
  assert.equal(v.verdict, "UNKNOWN");
  assert.equal(v.trustScore, 0);
  assert.equal(v.files, 0);
});

test("approve runs the extension's own binary with an argument vector, never a shell line", () => {
  const action = stub("codeaction-approve.json") as { command: { arguments: unknown[] } }[];
  const inv = approveInvocation(action[0].command.arguments[0], "/usr/local/bin/sentinel");
  assert.equal(inv.shellPath, "/usr/local/bin/sentinel");
  assert.deepEqual(inv.shellArgs.slice(0, 2), ["approve", "--only"]);
  assert.equal(inv.shellArgs.length, 3);
  assert.ok(inv.cwd.length > 0);
});

test("approve refuses anything but 'approve --only TEXT'", () => {
  for (const bad of [
    { dir: "/p", args: ["approve", "--all"] },
    { dir: "/p", args: ["sign"] },
    { dir: "/p", args: ["approve", "--only", "x", "--no-tty-confirm"] },
    { dir: "", args: ["approve", "--only", "x"] },
    { dir: "/p", args: ["approve", "--only", 5] },
    "approve --only x",
  ]) {
    assert.throws(() => approveInvocation(bad, "sentinel"), JSON.stringify(bad));
  }
  // Shell syntax in the text stays one argument.
  const inv = approveInvocation({ dir: "/p", binary: "/tmp/evil", args: ["approve", "--only", "x; rm -rf ~"] }, "sentinel");
  assert.equal(inv.shellPath, "sentinel");
  assert.equal(inv.shellArgs[2], "x; rm -rf ~");
});

test("the server command comes from the setting or PATH", () => {
  assert.deepEqual(serverCommand(undefined, undefined), { command: "sentinel", args: ["lsp"] });
  assert.deepEqual(serverCommand("  ", 100), { command: "sentinel", args: ["lsp", "--debounce", "100ms"] });
  assert.deepEqual(serverCommand("/opt/sentinel", -1), { command: "/opt/sentinel", args: ["lsp"] });
});

test("the demo hides a sentence in tag characters on line 3", () => {
  const lines = demoFile().split("\n");
  const hidden = Array.from(lines[2]).filter((c) => c.codePointAt(0)! >= 0xe0000).map((c) => String.fromCodePoint(c.codePointAt(0)! - 0xe0000)).join("");
  assert.match(hidden, /Ignore previous instructions/);
  assert.match(hidden, /attacker\.example/);
});
