package scan

import (
	"context"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// ScanText scans one file's content held in memory, as if it stood at path
// in an otherwise empty repository. A path that is not an agent file is read
// as an instruction file (the API's rule for unknown names). Used by the HTTP
// API and by the MCP gateway to read tool descriptions as instructions.
func ScanText(ctx context.Context, path string, data []byte, opts ...Option) (*Result, error) {
	kind, tool, ok := discover.Classify(path)
	if !ok {
		kind, tool = discover.KindInstructions, discover.ToolAny
	}
	fsys := fstest.MapFS{path: &fstest.MapFile{Data: data, Mode: 0o644}}
	f := discover.File{Path: path, Kind: kind, Tool: tool, Data: data, Size: int64(len(data))}
	if len(data) > discover.MaxRead {
		f.Data, f.Truncated = data[:discover.MaxRead], true
	}
	return ScanFiles(ctx, fsys, []discover.File{f}, opts...)
}
