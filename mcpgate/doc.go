// Package mcpgate is Sentinel's MCP gateway: a proxy that stands between an
// MCP client (an AI agent) and a tool server and judges two things.
//
// The tools a server lists (Gate.JudgeTools): each tool's definition is
// pinned by digest on first sight, unless its text is poisoned (hidden
// characters, or instructions aimed at the model as the scan engine's prose
// rules find them); a pinned tool whose definition changes is withheld until
// a person approves the new version.
//
// The calls the client makes (Gate.DecideCall): the risk of a call comes from
// the tool's annotations with the MCP specification's pessimistic defaults
// (ClassifyTool), the user's Policy says which risks or names pause for a
// person, and a paused call waits in a Queue until it is allowed or denied
// (on the terminal or with `sentinel mcp allow`/`deny`). Every decision is
// written to a hash-chained AuditLog.
//
// Proxy relays newline-delimited JSON-RPC between the client and an Upstream
// (a child process, StdioUpstream, or a Streamable HTTP endpoint,
// HTTPUpstream), forwarding the exact bytes of everything it does not judge
// over stdio (the SDK's HTTP transport re-encodes each message it carries).
// A program that embeds it closes the Gate when done; Proxy.Run returns only
// after the goroutines it started have ended.
//
// Authors of MCP servers who want their tools classified correctly use the
// small package mcptool, which does not link this one.
package mcpgate
