package samples

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/text"
)

func TestSamplesAreWellFormed(t *testing.T) {
	name := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	seen := map[string]bool{}
	for _, s := range All() {
		if !name.MatchString(s.Name) || seen[s.Name] {
			t.Errorf("sample name %q is not unique and URL-safe", s.Name)
		}
		seen[s.Name] = true
		if s.Title == "" || s.Summary == "" || len(s.Files) == 0 {
			t.Errorf("%s: missing title, summary or files", s.Name)
		}
		switch s.Expect {
		case "CLEAN", "SUSPICIOUS", "COMPROMISED":
		default:
			t.Errorf("%s: Expect %q", s.Name, s.Expect)
		}
		if s.Kind != "attack" && s.Kind != "benign" {
			t.Errorf("%s: kind %q", s.Name, s.Kind)
		}
		for _, f := range s.Files {
			if !utf8.ValidString(f.Text) || strings.Contains(f.Path, "..") {
				t.Errorf("%s: file %q", s.Name, f.Path)
			}
			// Inert: nothing points anywhere real.
			for _, host := range regexp.MustCompile(`https?://([^/\s"']+)`).FindAllStringSubmatch(f.Text, -1) {
				h := strings.TrimRight(host[1], ".,;:)")
				if !strings.HasSuffix(h, ".invalid") && !strings.HasSuffix(h, "example.com") && h != "go.dev" {
					t.Errorf("%s: %s names the live host %s", s.Name, f.Path, h)
				}
			}
		}
		got, ok := Get(s.Name)
		if !ok || got.Name != s.Name || len(got.Map()) != len(s.Files) {
			t.Errorf("Get(%q) = %v %v", s.Name, got.Name, ok)
		}
	}
	if _, ok := Get("../orphaned-hook"); ok {
		t.Error("Get accepted a path")
	}
}

func TestHiding(t *testing.T) {
	tags := HideInTags("Hi!")
	if tags != "\U000E0048\U000E0069\U000E0021" {
		t.Errorf("HideInTags = %q", tags)
	}
	zw := text.EncodeZeroWidth("A") // 0x41 = 01000001; the zero-width sample is written with it
	if zw != "\u200b\u200c\u200b\u200b\u200b\u200b\u200b\u200c" {
		t.Errorf("text.EncodeZeroWidth = %q", zw)
	}
	if n := len(packedScript(60000)); n < 59000 || n > 60000 || strings.Contains(packedScript(60000), "\n") {
		t.Errorf("packed script: %d bytes", n)
	}
}
