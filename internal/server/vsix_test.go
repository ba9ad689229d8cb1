package server

import (
	"time"

	"archive/zip"
	"bytes"
	"github.com/chromedp/chromedp"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeVSIX(t *testing.T, name string, files map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for n, c := range files {
		w, _ := zw.Create(n)
		_, _ = w.Write([]byte(c))
	}
	_ = zw.Close()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVSIXDownload(t *testing.T) {
	p := writeVSIX(t, "sentinel-0.1.0.vsix", map[string]string{"extension/package.json": `{"name":"sentinel"}`})
	v, err := LoadVSIX(p)
	if err != nil {
		t.Fatal(err)
	}
	h := New(Config{VSIX: v}).Handler()
	for _, m := range []string{"GET", "HEAD"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(m, VSIXPath, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Disposition") != `attachment; filename="sentinel-0.1.0.vsix"` || rec.Header().Get("Content-Type") != "application/octet-stream" {
			t.Errorf("%s: %d %v", m, rec.Code, rec.Header())
		}
		if m == "GET" && !bytes.Equal(rec.Body.Bytes(), v.Data) {
			t.Errorf("GET served other bytes")
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", VSIXPath, nil))
	if rec.Code != 405 {
		t.Errorf("POST: %d", rec.Code)
	}
	// Without --vsix: 404 that says how to offer it.
	rec = httptest.NewRecorder()
	New(Config{}).Handler().ServeHTTP(rec, httptest.NewRequest("GET", VSIXPath, nil))
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), "--vsix") {
		t.Errorf("without a vsix: %d %s", rec.Code, rec.Body)
	}
	for cfg, want := range map[*VSIX]string{v: `"available": true`, nil: `"available": false`} {
		rec := httptest.NewRecorder()
		New(Config{VSIX: cfg}).Handler().ServeHTTP(rec, httptest.NewRequest("GET", VSIXInfoPath, nil))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%s: %d %s", VSIXInfoPath, rec.Code, rec.Body)
		}
	}
	// The page links it.
	page, _ := os.ReadFile("ui/index.html")
	if !strings.Contains(string(page), `href="/download/sentinel.vsix"`) {
		t.Error("the page does not link the extension")
	}
}

func TestLoadVSIXRefusesOtherFiles(t *testing.T) {
	notZip := filepath.Join(t.TempDir(), "x.vsix")
	_ = os.WriteFile(notZip, []byte("hello"), 0o644)
	for name, p := range map[string]string{
		"missing":     filepath.Join(t.TempDir(), "none.vsix"),
		"not zip":     notZip,
		"no manifest": writeVSIX(t, "y.vsix", map[string]string{"a.txt": "x"}),
	} {
		if _, err := LoadVSIX(p); err == nil {
			t.Errorf("%s: accepted", name)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error is not one sentence: %v", name, err)
		}
	}
	// A file name with odd characters is offered under a plain name.
	v, err := LoadVSIX(writeVSIX(t, "a\"b;c.vsix", map[string]string{"extension/package.json": "{}"}))
	if err != nil || v.Name != "abc.vsix" {
		t.Errorf("name %q, %v", v.Name, err)
	}
}

// testBrowserVSIX: with --vsix the page shows the download link and hides
// the how-to; without it, the reverse; and no request fails either way.
func testBrowserVSIX(t *testing.T, b *browser) {
	v, err := LoadVSIX(writeVSIX(t, "sentinel-0.1.0.vsix", map[string]string{"extension/package.json": "{}"}))
	if err != nil {
		t.Fatal(err)
	}
	with := httptest.NewServer(New(Config{VSIX: v}).Handler())
	defer with.Close()
	for _, tc := range []struct {
		base    string
		offered bool
	}{{with.URL, true}, {b.base, false}} {
		b.reset()
		b.run(t, chromedp.Navigate(tc.base+"/"), chromedp.WaitVisible(css("#h-vscode")))
		// offerExtension runs after load; wait for its answer.
		want := "true"
		if !tc.offered {
			want = "false"
		}
		expr := `!document.getElementById('vsix-link').hidden === ` + want + ` && document.getElementById('vsix-none').hidden === ` + want
		if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("%s: the page never showed the extension offered=%v: %v", tc.base, tc.offered, err)
		}
		if tc.offered {
			href := eval[string](t, b, `document.getElementById('vsix-link').href`)
			if href != tc.base+VSIXPath {
				t.Errorf("link %q", href)
			}
		}
		b.mu.Lock()
		for _, e := range b.errs {
			t.Errorf("page error at %s: %s", tc.base, e)
		}
		b.mu.Unlock()
	}
}
