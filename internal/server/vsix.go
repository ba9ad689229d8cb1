package server

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// VSIXPath is where the page links the VS Code extension.
const VSIXPath = "/download/sentinel.vsix"

// VSIXInfoPath answers whether the extension is offered (always 200, so the
// page's check never logs a failed request).
const VSIXInfoPath = "/download/extension.json"

// maxVSIX bounds the extension file served (the real one is under 1 MB).
const maxVSIX = 64 << 20

// VSIX is the packaged VS Code extension the page offers for download
// (`sentinel serve --vsix FILE`; editors/vscode/package.sh builds it).
type VSIX struct {
	Name string // the file name offered, letters, digits, '.', '-' and '_' only
	Data []byte
}

// LoadVSIX reads a .vsix and checks that it is one: a zip holding
// extension/package.json.
func LoadVSIX(path string) (*VSIX, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the extension file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxVSIX+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read the extension file: %w", err)
	}
	if len(data) > maxVSIX {
		return nil, fmt.Errorf("%s is larger than %d MiB; a VS Code extension built by editors/vscode/package.sh is under 1 MiB", path, maxVSIX>>20)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s is not a .vsix (not a zip file)", path)
	}
	found := false
	for _, zf := range zr.File {
		if zf.Name == "extension/package.json" {
			found = true
		}
	}
	if !found {
		return nil, errors.New(path + " is not a .vsix: it has no extension/package.json")
	}
	return &VSIX{Name: safeName(filepath.Base(path)), Data: data}, nil
}

func safeName(n string) string {
	var b strings.Builder
	for _, r := range n {
		if r == '.' || r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	if !strings.HasSuffix(b.String(), ".vsix") {
		return "sentinel.vsix"
	}
	return b.String()
}

// vsixInfo says whether the page should link the extension.
func (s *Server) vsixInfo(w http.ResponseWriter, r *http.Request) {
	type info struct {
		Available bool   `json:"available"`
		URL       string `json:"url,omitempty"`
		Name      string `json:"name,omitempty"`
	}
	if v := s.cfg.VSIX; v != nil {
		writeJSON(w, http.StatusOK, info{Available: true, URL: VSIXPath, Name: v.Name})
		return
	}
	writeJSON(w, http.StatusOK, info{})
}

// vsix offers the extension for download, or says how to offer it.
func (s *Server) vsix(w http.ResponseWriter, r *http.Request) {
	v := s.cfg.VSIX
	if v == nil {
		writeError(w, http.StatusNotFound, "this server offers no VS Code extension: build it with editors/vscode/package.sh and start 'sentinel serve --vsix FILE'")
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/octet-stream")
	h.Set("Content-Disposition", `attachment; filename="`+v.Name+`"`)
	h.Set("Content-Length", strconv.Itoa(len(v.Data)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(v.Data)
	}
}
