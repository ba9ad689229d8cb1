import * as vscode from "vscode";
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { approveInvocation, demoFile, parseVerdict, serverCommand, statusFor, Verdict } from "./logic";

let client: LanguageClient | undefined;
let status: vscode.StatusBarItem;
const verdicts = new Map<string, Verdict>();
let lastRoot: string | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  // sentinel.path is machine-scoped: only the user's own settings can name
  // the program that runs (a workspace's .vscode/settings.json cannot).
  const cfg = vscode.workspace.getConfiguration("sentinel");
  const { command, args } = serverCommand(cfg.get<string>("path"), cfg.get<number>("debounce"));

  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 100);
  status.command = "sentinel.showReport";
  render();
  status.show();
  context.subscriptions.push(status);

  const serverOptions: ServerOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    // Every document: the server's discovery table decides which files it
    // reads, not a list kept here.
    documentSelector: [{ scheme: "file" }, { scheme: "untitled" }, { scheme: "vscode-vfs" }],
    diagnosticCollectionName: "sentinel",
    middleware: {
      executeCommand: async (cmd, cmdArgs, next) => {
        switch (cmd) {
          case "sentinel.approve":
            return approve(command, cmdArgs[0]);
          case "sentinel.showHidden":
            return showText(typeof cmdArgs[0] === "string" ? cmdArgs[0] : "", "Hidden text decoded by Sentinel");
        }
        return next(cmd, cmdArgs);
      },
    },
  };
  client = new LanguageClient("sentinel", "Sentinel", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.commands.registerCommand("sentinel.showReport", showReport),
    vscode.commands.registerCommand("sentinel.tryDemo", () => tryDemo(context)),
    vscode.commands.registerCommand("sentinel.scanWorkspaceNow", scanWorkspace),
    vscode.window.onDidChangeActiveTextEditor(() => render()),
  );
  try {
    await client.start();
  } catch (e) {
    status.text = "$(error) Sentinel: not running";
    status.tooltip = `Could not start '${command} lsp': ${e}. Install sentinel or set sentinel.path in your user settings.`;
    void vscode.window.showErrorMessage(`Sentinel: could not start '${command} lsp'. Install sentinel, or set "sentinel.path" in your user settings.`);
    return;
  }
  context.subscriptions.push(
    client.onNotification("sentinel/verdict", (v: unknown) => {
      try {
        const verdict = parseVerdict(v);
        verdicts.set(verdict.root, verdict);
        lastRoot = verdict.root;
        render();
      } catch (e) {
        client?.warn(`ignored a verdict: ${e}`);
      }
    }),
  );
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

/** The verdict of the project of the active editor, else the last one. */
function current(): Verdict | undefined {
  const path = vscode.window.activeTextEditor?.document.uri.fsPath;
  let best: Verdict | undefined;
  for (const v of verdicts.values()) {
    if (path && (path === v.root || path.startsWith(v.root + "/") || path.startsWith(v.root + "\\"))) {
      if (!best || v.root.length > best.root.length) best = v;
    }
  }
  return best ?? (lastRoot ? verdicts.get(lastRoot) : undefined);
}

function render(): void {
  const view = statusFor(current());
  status.text = view.text;
  status.tooltip = view.tooltip;
  status.backgroundColor = view.background ? new vscode.ThemeColor(view.background) : undefined;
}

async function showText(content: string, title: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ content: `${title}\n\n${content}`, language: "plaintext" });
  await vscode.window.showTextDocument(doc, { preview: true });
}

async function showReport(): Promise<void> {
  const v = current();
  if (!v) {
    await scanWorkspace();
    return;
  }
  await showText(v.report, `Sentinel report for ${v.root}: ${v.verdict} ${v.trustScore}`);
}

async function scanWorkspace(): Promise<void> {
  if (!client) return;
  const res = await client.sendRequest(ExecuteCommandRequest.type, { command: "sentinel.scanWorkspace", arguments: [] });
  const list = Array.isArray(res) ? res : [];
  for (const item of list) {
    const v = parseVerdict(item);
    verdicts.set(v.root, v);
    lastRoot = v.root;
  }
  render();
  if (list.length === 0) {
    void vscode.window.showInformationMessage("Sentinel: open a folder to scan it.");
  }
}

/** Runs `sentinel approve --only ...` in a terminal, where it asks the person. */
async function approve(serverPath: string, arg: unknown): Promise<void> {
  let inv;
  try {
    inv = approveInvocation(arg, serverPath);
  } catch (e) {
    void vscode.window.showErrorMessage(`Sentinel: ${e}`);
    return;
  }
  const term = vscode.window.createTerminal({ name: inv.name, shellPath: inv.shellPath, shellArgs: inv.shellArgs, cwd: inv.cwd });
  term.show();
  // When the person is done, say what happened and scan again, so the
  // underline goes once the approval is recorded.
  const done = vscode.window.onDidCloseTerminal(async (closed) => {
    if (closed !== term) return;
    done.dispose();
    const code = closed.exitStatus?.code;
    if (code === 0) {
      void vscode.window.showInformationMessage("Sentinel: approval recorded in AGENTS.lock.");
    } else {
      void vscode.window.showWarningMessage(`Sentinel: nothing was approved (sentinel approve ended with code ${code ?? "unknown"}).`);
    }
    await scanWorkspace();
  });
}

/** Writes the inert demo to the extension's own storage and opens it. */
async function tryDemo(context: vscode.ExtensionContext): Promise<void> {
  const dir = vscode.Uri.joinPath(context.globalStorageUri, "demo");
  const file = vscode.Uri.joinPath(dir, "CLAUDE.md");
  await vscode.workspace.fs.createDirectory(dir);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(demoFile()));
  const doc = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(doc);
}
