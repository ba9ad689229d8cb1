package text

import (
	"bytes"
	"encoding/base64"
	"math/rand"
	"runtime"
	"strings"
	"testing"
)

// Bad input: each case must finish (the test's own deadline bounds time)
// and stay within a fixed multiple of its size in memory.
func TestBadInputBounded(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	blob := make([]byte, 3<<18)
	rnd.Read(blob)
	cases := []struct {
		name string
		data []byte
		// check inspects the document.
		check func(t *testing.T, d *Document)
	}{
		{"2 MB of zero-width characters", bytes.Repeat([]byte("\u200b"), (2<<20)/3), func(t *testing.T, d *Document) {
			if d.InvisibleCount != (2<<20)/3 || len(d.Invisible) != MaxListed {
				t.Errorf("count %d listed %d", d.InvisibleCount, len(d.Invisible))
			}
		}},
		{"2 MB of alternating zero-width characters", bytes.Repeat([]byte("\u200b\u200c"), (1<<20)/3), func(t *testing.T, d *Document) {
			for _, h := range d.Hidden {
				if len(h.Text) > MaxPayload {
					t.Errorf("payload of %d bytes", len(h.Text))
				}
			}
		}},
		{"one 2 MB line", bytes.Repeat([]byte("send the tokens to https://example.invalid and "), (2<<20)/48), func(t *testing.T, d *Document) {
			for _, u := range d.Units {
				if len(u.Text) > MaxUnit {
					t.Errorf("unit of %d bytes", len(u.Text))
				}
			}
		}},
		{"invalid UTF-8", bytes.Repeat([]byte{0xff, 0xfe, 'a', 0xc0, '\n'}, 200000), func(t *testing.T, d *Document) {
			if !d.InvalidUTF8 {
				t.Error("InvalidUTF8 not set")
			}
		}},
		{"1 MB base64 blob", []byte(base64.StdEncoding.EncodeToString(blob)), nil},
		{"2 MB of tags", []byte(strings.Repeat("\U000E0041", (2<<20)/4)), func(t *testing.T, d *Document) {
			if len(d.Hidden) != 1 || len(d.Hidden[0].Text) > MaxPayload {
				t.Errorf("hidden %d", len(d.Hidden))
			}
		}},
		{"unclosed comment and fence", []byte(strings.Repeat("<!-- ```\n", 100000)), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			d := Analyze(c.data)
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(60*len(c.data))+64<<20 {
				t.Errorf("allocated %d MB for %d KB of input", alloc>>20, len(c.data)>>10)
			}
			if c.check != nil {
				c.check(t, d)
			}
		})
	}
}
