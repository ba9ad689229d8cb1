package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/internal/samples"
	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
)

// scanTimeout bounds one scan; the engine is fast, so this only stops a
// pathological input from holding a slot.
var scanTimeout = 20 * time.Second

// multipartOverhead is the room allowed for part headers and boundaries.
const multipartOverhead = 1 << 20

// Health is GET /health.
type Health struct {
	Status         string `json:"status"`
	Engine         string `json:"engine"`
	Version        string `json:"version"`
	FormulaVersion string `json:"formula_version"`
}

// FileResponse answers a one-file scan (/scan/text, /scan/file). It is the
// engine's Result with the file's own keys added beside it.
type FileResponse struct {
	// FileReport is the single-file shape `sentinel scan FILE --json`
	// prints (docs/json-contract.md), with filename as sent and path as
	// placed.
	*report.FileReport
	// Files and Inventory are the engine's, as in a bundle answer, so one
	// renderer serves both.
	Files     []scan.FileResult `json:"files"`
	Inventory scan.Inventory    `json:"inventory"`
	// Mode is "file".
	Mode      string      `json:"mode"`
	TreatedAs []Placement `json:"treated_as"`
	// HiddenContent lists, per file sent, what a reader cannot see.
	HiddenContent []HiddenContent `json:"hidden_content"`
}

// BundleResponse answers /scan/bundle, /scan/files and /scan/demo.
type BundleResponse struct {
	*scan.Result
	// Mode is "repository" when paths had folders, "files" for loose names.
	Mode      string      `json:"mode"`
	TreatedAs []Placement `json:"treated_as"`
	// HiddenContent lists, per file sent, what a reader cannot see.
	HiddenContent []HiddenContent `json:"hidden_content"`
	// Sample names the bundled sample scanned by /scan/demo.
	Sample string `json:"sample,omitempty"`
}

func (s *Server) health(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, Health{Status: "ok", Engine: version.Engine, Version: version.Version, FormulaVersion: version.Formula})
}

func (s *Server) gone(w http.ResponseWriter, _ *http.Request) {
	writeError(w, http.StatusGone, "/scan/package was removed; send the package's files to /scan/bundle instead")
}

// scanRequest is POST /scan/text.
type scanRequest struct {
	Filename string `json:"filename"`
	Text     string `json:"text"`
}

// bundleRequest is POST /scan/bundle.
type bundleRequest struct {
	Files fileMap `json:"files"`
}

// fileMap is the "files" object of a bundle. A path given twice is an
// error: encoding/json would keep the last text silently, so a bundle could
// carry a file the scan never reads.
type fileMap map[string]string

func (m *fileMap) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok == nil {
		return nil // null: no files object
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return reqErr(422, "the JSON field \"files\" must be an object of paths and texts, like {\"CLAUDE.md\": \"...\"}")
	}
	out := fileMap{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string) // object keys are always strings
		var text string
		if err := dec.Decode(&text); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return reqErr(422, "the text of %q in \"files\" is not a string; send each file's text as a JSON string", key)
			}
			return err
		}
		if _, dup := out[key]; dup {
			return reqErr(422, "%s is sent twice in \"files\"; send each path once", key)
		}
		out[key] = text
	}
	*m = out
	return nil
}

func (s *Server) scanText(w http.ResponseWriter, r *http.Request) {
	s.withSlot(w, r, func(ctx context.Context) (any, error) {
		var req scanRequest
		if err := decodeJSON(w, r, 3*MaxFileBytes+64<<10, &req); err != nil {
			return nil, err
		}
		if req.Filename == "" {
			req.Filename = "CLAUDE.md"
		}
		if len(req.Text) > MaxFileBytes {
			return nil, reqErr(413, "the text is larger than 2 MB; no agent file should be that large, so check what it is")
		}
		return s.scanOne(ctx, req.Filename, []byte(req.Text))
	})
}

func (s *Server) scanFile(w http.ResponseWriter, r *http.Request) {
	s.withSlot(w, r, func(ctx context.Context) (any, error) {
		files, err := readMultipart(w, r, MaxFileBytes+multipartOverhead, true)
		if err != nil {
			return nil, err
		}
		if len(files) != 1 {
			return nil, reqErr(422, "send exactly one file, in the multipart field \"file\"")
		}
		f := files[0]
		return s.scanOne(ctx, f.name, f.data)
	})
}

func (s *Server) scanBundle(w http.ResponseWriter, r *http.Request) {
	s.withSlot(w, r, func(ctx context.Context) (any, error) {
		var req bundleRequest
		if err := decodeJSON(w, r, 3*MaxBundleBytes+multipartOverhead, &req); err != nil {
			return nil, err
		}
		if req.Files == nil {
			return nil, reqErr(422, "the request has no \"files\" object; send {\"files\": {\"path\": \"text\"}}")
		}
		files := make(map[string][]byte, len(req.Files))
		for p, text := range req.Files {
			files[p] = []byte(text)
		}
		return s.scanMany(ctx, files)
	})
}

func (s *Server) scanFiles(w http.ResponseWriter, r *http.Request) {
	s.withSlot(w, r, func(ctx context.Context) (any, error) {
		parts, err := readMultipart(w, r, MaxBundleBytes+multipartOverhead, false)
		if err != nil {
			return nil, err
		}
		files := make(map[string][]byte, len(parts))
		for _, p := range parts {
			if _, dup := files[p.name]; dup {
				return nil, reqErr(422, "%s is sent twice; send each path once", p.name)
			}
			files[p.name] = p.data
		}
		return s.scanMany(ctx, files)
	})
}

// withSlot runs one scan request under a slot, with a deadline, and writes
// its answer or its error.
func (s *Server) withSlot(w http.ResponseWriter, r *http.Request, run func(context.Context) (any, error)) {
	release, err := s.acquire(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer release()
	bodyDeadline(w)
	ctx, cancel := context.WithTimeout(r.Context(), scanTimeout)
	defer cancel()
	v, err := run(ctx)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) scanOne(ctx context.Context, name string, data []byte) (*FileResponse, error) {
	b, err := newBundle(map[string][]byte{name: data}, true)
	if err != nil {
		return nil, err
	}
	res, err := b.scan(ctx)
	if err != nil {
		return nil, err
	}
	as := name
	if len(b.placement) == 1 {
		as = b.placement[0].As
		if b.placement[0].Kind == string(discover.KindInstructions) && len(b.extra) == 1 {
			as = b.extra[0].Path
		}
	}
	fr, err := report.NewFileReport(res, as)
	if err != nil {
		// The engine said nothing about the file: it stands, clean.
		kind, tool, _ := discover.Classify(as)
		res.Files = append(res.Files, scan.FileResult{Path: as, Filename: as, Kind: string(kind), Tool: tool,
			Verdict: scan.Clean, TrustScore: 100, ColorBand: "green", Breakdown: as + ": 100 = 100",
			Findings: []scan.Finding{}, Observations: []scan.Finding{}})
		if fr, err = report.NewFileReport(res, as); err != nil {
			return nil, err
		}
	}
	fr.Filename = name
	return &FileResponse{FileReport: fr, Files: res.Files, Inventory: res.Inventory, Mode: "file", TreatedAs: b.placement,
		HiddenContent: revealAll(map[string][]byte{name: data})}, nil
}

func (s *Server) scanMany(ctx context.Context, files map[string][]byte) (*BundleResponse, error) {
	b, err := newBundle(files, false)
	if err != nil {
		return nil, err
	}
	res, err := b.scan(ctx)
	if err != nil {
		return nil, err
	}
	mode := "files"
	if b.repository {
		mode = "repository"
	}
	return &BundleResponse{Result: res, Mode: mode, TreatedAs: b.placement, HiddenContent: revealAll(files)}, nil
}

// decodeJSON reads one JSON object of at most limit bytes into v, strictly:
// unknown keys and trailing data are errors.
func decodeJSON(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "application/json" {
		return reqErr(http.StatusUnsupportedMediaType, "send the request as JSON with Content-Type: application/json")
	}
	body := bufio.NewReader(&utf8Reader{r: http.MaxBytesReader(w, r.Body, limit)})
	// The body must be one object: null, an array or a bare string would
	// otherwise decode to an empty request and be scanned as nothing.
	for {
		c, err := body.ReadByte()
		if err != nil {
			return jsonError(err)
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if c != '{' {
			return reqErr(422, "the request body is not a JSON object; send one object such as {\"text\": \"...\"}")
		}
		_ = body.UnreadByte()
		break
	}
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		var mbe *http.MaxBytesError
		var re *requestError
		if errors.As(err, &mbe) || errors.As(err, &re) {
			return jsonError(err)
		}
		return reqErr(422, "the request body has data after its JSON object; send one object")
	}
	return nil
}

// errNotUTF8 is answered for a JSON body with bytes that are not UTF-8,
// which encoding/json would replace with U+FFFD without a word, so that a
// path or a text would not be what the client sent.
var errNotUTF8 = reqErr(422, "the request body is not valid UTF-8; send JSON in UTF-8, or send the files as multipart to /scan/files")

// utf8Reader passes its reader's bytes through unchanged and fails with
// errNotUTF8 at the first byte sequence that is not UTF-8. A character split
// between two reads is checked once both halves are in.
type utf8Reader struct {
	r     io.Reader
	carry []byte // the start of a character the last read cut off
}

func (u *utf8Reader) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	chunk := p[:n]
	if len(u.carry) > 0 {
		chunk = append(u.carry, chunk...)
	}
	end := len(chunk)
	for k := 1; k <= utf8.UTFMax-1 && k <= len(chunk); k++ {
		if utf8.RuneStart(chunk[len(chunk)-k]) {
			if !utf8.FullRune(chunk[len(chunk)-k:]) {
				end = len(chunk) - k
			}
			break
		}
	}
	if !utf8.Valid(chunk[:end]) {
		return 0, errNotUTF8
	}
	u.carry = append(u.carry[:0:0], chunk[end:]...)
	if err == io.EOF && len(u.carry) > 0 {
		return 0, errNotUTF8
	}
	return n, err
}

func jsonError(err error) error {
	var mbe *http.MaxBytesError
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var re *requestError
	switch {
	case errors.As(err, &re):
		return re
	case errors.As(err, &mbe):
		return reqErr(413, "the request is larger than %d MB; send fewer or smaller files", mbe.Limit>>20)
	case errors.As(err, &se):
		return reqErr(422, "the request is not valid JSON (at byte %d); check the quoting", se.Offset)
	case errors.As(err, &te):
		return reqErr(422, "the JSON field %q has the wrong type; it should be %s", te.Field, jsonType(te.Type.Kind().String()))
	case errors.Is(err, io.EOF):
		return reqErr(422, "the request body is empty; send a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return reqErr(422, "the request JSON ends too early; send the whole object")
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return reqErr(422, "the request has an unknown field %s; see /openapi.json", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return reqErr(422, "the request could not be read: %v", err)
}

// jsonType names a Go kind the way a JSON client thinks of it.
func jsonType(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "map", "struct":
		return "an object"
	case "slice", "array":
		return "an array"
	case "bool":
		return "true or false"
	}
	return "a " + kind
}

type part struct {
	name string
	data []byte
}

// readMultipart streams a multipart upload, keeping each file's path
// exactly as the client named it (mime/multipart's FileName would reduce
// it to a base name, losing the folders that make a bundle a repository).
func readMultipart(w http.ResponseWriter, r *http.Request, limit int64, single bool) ([]part, error) {
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" || params["boundary"] == "" {
		return nil, reqErr(http.StatusUnsupportedMediaType, "send the files as multipart/form-data")
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, reqErr(422, "the multipart body could not be read; send it as multipart/form-data")
	}
	var out []part
	total := 0
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, multipartError(err)
		}
		_, dp, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		name, hasName := dp["filename"]
		if !hasName {
			p.Close()
			return nil, reqErr(422, "the form field %q is not a file; send only files", p.FormName())
		}
		if single && p.FormName() != "file" {
			p.Close()
			return nil, reqErr(422, "send the file in the multipart field \"file\", not %q", p.FormName())
		}
		if single {
			// One file is one name: any folders in it mean nothing here.
			name = name[strings.LastIndexAny(name, "/")+1:]
		}
		if len(out) == MaxBundleFiles {
			return nil, reqErr(413, "the upload has more than %d files; send only the files an agent obeys and the scripts their hooks run", MaxBundleFiles)
		}
		data, err := io.ReadAll(io.LimitReader(p, MaxFileBytes+1))
		p.Close()
		if err != nil {
			return nil, multipartError(err)
		}
		if len(data) > MaxFileBytes {
			return nil, reqErr(413, "%s is larger than 2 MB; no agent file should be that large, so check what it is", name)
		}
		total += len(data)
		if total > MaxBundleBytes {
			return nil, reqErr(413, "the upload holds more than %d MB; leave out files no agent reads", MaxBundleBytes>>20)
		}
		out = append(out, part{name: name, data: data})
	}
	if len(out) == 0 {
		return nil, reqErr(422, "the upload has no files; send at least one")
	}
	return out, nil
}

func multipartError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return reqErr(413, "the upload is larger than %d MB; send fewer or smaller files", mbe.Limit>>20)
	}
	return reqErr(422, "the multipart body is malformed: %v", err)
}

// Samples.

// SampleSummary is one entry of GET /samples.
type SampleSummary struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Summary string       `json:"summary"`
	Kind    string       `json:"kind"` // attack or benign
	Verdict scan.Verdict `json:"verdict"`
	Color   string       `json:"color_band"`
	Files   []string     `json:"files"`
}

// SampleDetail is GET /samples/{name}.
type SampleDetail struct {
	SampleSummary
	Contents []samples.File `json:"contents"`
	// Text is the content when the sample is one file.
	Text string `json:"text,omitempty"`
}

func (s *Server) samples(w http.ResponseWriter, r *http.Request) {
	list, err := s.sampleSummaries()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"samples": list})
}

func (s *Server) sample(w http.ResponseWriter, r *http.Request) {
	sm, ok := samples.Get(r.PathValue("name"))
	if !ok {
		writeError(w, http.StatusNotFound, "there is no sample with that name; GET /samples lists them")
		return
	}
	list, err := s.sampleSummaries()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var d SampleDetail
	for _, sum := range list {
		if sum.Name == sm.Name {
			d = SampleDetail{SampleSummary: sum, Contents: sm.Files}
		}
	}
	if len(sm.Files) == 1 {
		d.Text = sm.Files[0].Text
	}
	writeJSON(w, http.StatusOK, d)
}

func (s *Server) scanDemo(w http.ResponseWriter, r *http.Request) {
	sm, ok := samples.Get(r.URL.Query().Get("file"))
	if !ok {
		writeError(w, http.StatusNotFound, "there is no sample with that name; GET /samples lists them")
		return
	}
	s.withSlot(w, r, func(ctx context.Context) (any, error) { return s.scanSample(ctx, sm) })
}

func (s *Server) scanSample(ctx context.Context, sm samples.Sample) (*BundleResponse, error) {
	res, err := s.scanMany(ctx, sm.Map())
	if err != nil {
		return nil, err
	}
	res.Sample = sm.Name
	return res, nil
}

func (s *Server) summarize(ctx context.Context, sm samples.Sample) (SampleSummary, error) {
	res, err := s.scanSample(ctx, sm)
	if err != nil {
		return SampleSummary{}, err
	}
	names := make([]string, 0, len(sm.Files))
	for _, f := range sm.Files {
		names = append(names, f.Path)
	}
	return SampleSummary{Name: sm.Name, Title: sm.Title, Summary: sm.Summary, Kind: sm.Kind,
		Verdict: res.Verdict, Color: res.ColorBand, Files: names}, nil
}

func (s *Server) sampleSummaries() ([]SampleSummary, error) {
	s.sampleOnce.Do(func() {
		// The list is computed once, from the live engine, so a dot never
		// disagrees with the scan; no request's deadline may poison it.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for _, sm := range samples.All() {
			sum, err := s.summarize(ctx, sm)
			if err != nil {
				s.sampleErr = err
				return
			}
			s.sampleList = append(s.sampleList, sum)
		}
	})
	return s.sampleList, s.sampleErr
}
