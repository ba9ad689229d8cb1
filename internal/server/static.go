package server

import (
	"embed"
	"net/http"
	"path"
)

// ui holds the web app: plain HTML, CSS and JavaScript, served as is. No
// build step, no framework, nothing fetched from anywhere else.
//
//go:embed ui
var ui embed.FS

// pages maps each URL the app serves to its embedded file and type.
var pages = map[string]struct{ file, ctype string }{
	"/":            {"ui/index.html", "text/html; charset=utf-8"},
	"/index.html":  {"ui/index.html", "text/html; charset=utf-8"},
	"/api":         {"ui/api.html", "text/html; charset=utf-8"},
	"/app.js":      {"ui/app.js", "text/javascript; charset=utf-8"},
	"/reveal.js":   {"ui/reveal.js", "text/javascript; charset=utf-8"},
	"/api.js":      {"ui/api.js", "text/javascript; charset=utf-8"},
	"/app.css":     {"ui/app.css", "text/css; charset=utf-8"},
	"/favicon.svg": {"ui/favicon.svg", "image/svg+xml"},
}

// static serves the embedded app, and answers every other path with a JSON
// 404 so that API clients never get a page by mistake.
func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	p, ok := pages[path.Clean(r.URL.Path)]
	if !ok || r.URL.Path != path.Clean(r.URL.Path) {
		writeError(w, http.StatusNotFound, "nothing is served at "+r.URL.Path+"; the API is listed at /api")
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", http.MethodGet)
		writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" accepts GET only")
		return
	}
	data, err := ui.ReadFile(p.file)
	if err != nil {
		writeError(w, http.StatusNotFound, "nothing is served at "+r.URL.Path)
		return
	}
	w.Header().Set("Content-Type", p.ctype)
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
}

func (s *Server) openapi(w http.ResponseWriter, _ *http.Request) {
	data, _ := ui.ReadFile("ui/openapi.json")
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(data)
}
