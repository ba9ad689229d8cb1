package guard

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

type writeIn struct{ Path, Content string }

func approve(bool) ConfirmFunc {
	return func(context.Context, ConfirmRequest) (bool, error) { return true, nil }
}

func TestWrapRequiresOptions(t *testing.T) {
	fn := func(context.Context, writeIn) (string, error) { return "ok", nil }
	desc := func(writeIn) string { return "d" }
	for name, o := range map[string]Options[writeIn]{
		"no name":     {Describe: desc, Confirm: approve(true)},
		"no describe": {Name: "w", Confirm: approve(true)},
		"no confirm":  {Name: "w", Describe: desc},
		"bad risk":    {Name: "w", Describe: desc, Confirm: approve(true), Risk: "extreme"},
	} {
		if _, err := Wrap(fn, o); err == nil {
			t.Errorf("%s: Wrap accepted it", name)
		}
	}
	if _, err := Wrap[writeIn, string](nil, Options[writeIn]{Name: "w", Describe: desc, Confirm: approve(true)}); err == nil {
		t.Error("nil tool accepted")
	}
}

func TestWrapFlow(t *testing.T) {
	var log []string
	var seen ConfirmRequest
	tool := func(_ context.Context, in writeIn) (string, error) {
		log = append(log, "run")
		return "wrote " + in.Path, nil
	}
	mk := func(answer bool, auto bool) func(context.Context, writeIn) (string, error) {
		w, err := Wrap(tool, Options[writeIn]{
			Name:     "write_file",
			Describe: func(in writeIn) string { return "Write " + in.Path },
			DryRun: func(_ context.Context, in writeIn) (*DryRunResult, error) {
				log = append(log, "dry")
				return DescribeFileWrite(in.Path, "a\n", in.Content), nil
			},
			Confirm: func(_ context.Context, r ConfirmRequest) (bool, error) {
				log = append(log, "confirm")
				seen = r
				return answer, nil
			},
			AutoApprove: func(writeIn) bool { return auto },
		})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	ctx := context.Background()

	log = nil
	out, err := mk(true, false)(ctx, writeIn{"x.txt", "b\n"})
	if err != nil || out != "wrote x.txt" || strings.Join(log, ",") != "dry,confirm,run" {
		t.Fatalf("approve: %q %v %v", out, err, log)
	}
	if seen.Name != "write_file" || seen.Risk != RiskMedium || seen.Description != "Write x.txt" ||
		seen.DryRun == nil || !strings.Contains(seen.DryRun.Diff, "+b") || seen.Input.(writeIn).Path != "x.txt" {
		t.Fatalf("confirm request: %+v", seen)
	}

	log = nil
	_, err = mk(false, false)(ctx, writeIn{"x.txt", "b\n"})
	var rej *RejectedError
	if !errors.As(err, &rej) || rej.Tool != "write_file" || !errors.Is(err, ErrRejected) {
		t.Fatalf("reject: %v", err)
	}
	if strings.Join(log, ",") != "dry,confirm" {
		t.Fatalf("tool ran after a no: %v", log)
	}

	log = nil
	if _, err = mk(false, true)(ctx, writeIn{"x.txt", "b\n"}); err != nil || strings.Join(log, ",") != "dry,run" {
		t.Fatalf("auto-approve: %v %v", err, log)
	}
}

func TestWrapRejections(t *testing.T) {
	ran := false
	tool := func(context.Context, writeIn) (int, error) { ran = true; return 1, nil }
	base := Options[writeIn]{Name: "t", Describe: func(writeIn) string { return "" }, Risk: RiskHigh}

	// A confirm error (no terminal, say) rejects and keeps the cause.
	o := base
	o.Confirm = func(context.Context, ConfirmRequest) (bool, error) { return false, ErrNoTerminal }
	w, _ := Wrap(tool, o)
	if _, err := w(context.Background(), writeIn{}); !errors.Is(err, ErrNoTerminal) || !errors.Is(err, ErrRejected) {
		t.Fatalf("confirm error: %v", err)
	}
	// A failed dry run rejects before asking.
	o = base
	asked := false
	o.Confirm = func(context.Context, ConfirmRequest) (bool, error) { asked = true; return true, nil }
	o.DryRun = func(context.Context, writeIn) (*DryRunResult, error) { return nil, errors.New("boom") }
	w, _ = Wrap(tool, o)
	if _, err := w(context.Background(), writeIn{}); !errors.Is(err, ErrRejected) || asked {
		t.Fatalf("dry-run error: %v asked=%v", err, asked)
	}
	// A cancelled context rejects.
	o = base
	o.Confirm = approve(true)
	w, _ = Wrap(tool, o)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := w(ctx, writeIn{})
	var rej *RejectedError
	if !errors.As(err, &rej) || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if ran {
		t.Fatal("the tool ran on a rejection")
	}
}

func TestDiffText(t *testing.T) {
	if d := DiffText("same\n", "same\n"); d != "" {
		t.Fatalf("identical: %q", d)
	}
	d := DiffText("foo\nbar\n", "foo\nbaz\n")
	for _, want := range []string{"--- old\n", "+++ new\n", "@@ -1,2 +1,2 @@\n", " foo\n", "-bar\n", "+baz\n"} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
	// Missing final newline is marked, on the right side.
	d = DiffText("a\nb\n", "a\nb")
	if !strings.Contains(d, "\\ No newline at end of file") || !strings.Contains(d, "+b") {
		t.Errorf("no final newline:\n%s", d)
	}
	// CRLF → LF is a change of every line, and CR is kept.
	d = DiffText("a\r\nb\r\n", "a\nb\n")
	if !strings.Contains(d, "-a\r\n") || !strings.Contains(d, "+a\n") {
		t.Errorf("crlf:\n%q", d)
	}
	// Binary.
	if d = DiffText("PNG\x00\x01", "PNG\x00\x02"); d != BinaryDiffers {
		t.Errorf("binary: %q", d)
	}
	if d = DiffText("\xff\xfe", "text"); d != BinaryDiffers {
		t.Errorf("invalid utf-8: %q", d)
	}
	if d = DiffText("PNG\x00", "PNG\x00"); d != "" {
		t.Errorf("identical binary: %q", d)
	}
	// Hunks: a change at each end of a long file gives two hunks with
	// context, not one whole-file rewrite.
	var a, b strings.Builder
	for i := range 100 {
		line := strings.Repeat("x", i%7) + "\n"
		a.WriteString(line)
		if i == 1 || i == 98 {
			line = "changed\n"
		}
		b.WriteString(line)
	}
	d = DiffText(a.String(), b.String())
	hunks := 0
	for _, l := range strings.Split(d, "\n") {
		if strings.HasPrefix(l, "@@ ") {
			hunks++
		}
	}
	if hunks != 2 {
		t.Errorf("want two hunks, got %d:\n%s", hunks, d)
	}
}

// A large file diff must stay fast: the library is not a quadratic LCS.
func TestDiffTextLargeInput(t *testing.T) {
	var a, b strings.Builder
	for i := range 50000 {
		a.WriteString("line ")
		a.WriteString(strings.Repeat("y", i%13))
		a.WriteString("\n")
		if i%1000 == 0 {
			b.WriteString("edited\n")
		} else {
			b.WriteString("line " + strings.Repeat("y", i%13) + "\n")
		}
	}
	done := make(chan string, 1)
	go func() { done <- DiffText(a.String(), b.String()) }()
	select {
	case d := <-done:
		if strings.Count(d, "+edited") != 50 {
			t.Fatalf("got %d edits", strings.Count(d, "+edited"))
		}
	case <-time.After(20 * time.Second):
		t.Fatal("diff of a 50,000-line file took longer than 20 s")
	}
}

func TestDescribeFile(t *testing.T) {
	w := DescribeFileWrite("config.json", "{\n  \"debug\": false\n}\n", "{\n  \"debug\": true\n}\n")
	if w.Description != "Write config.json" || !strings.Contains(w.Diff, "-  \"debug\": false") || !strings.Contains(w.Diff, "+++ b/config.json") {
		t.Fatalf("%+v", w)
	}
	if n := DescribeFileWrite("new.txt", "", "hi\n"); !strings.HasPrefix(n.Description, "Create new.txt") {
		t.Fatalf("%+v", n)
	}
	d := DescribeFileDelete("data.db")
	if d.Description != "Delete data.db" || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "cannot be undone") {
		t.Fatalf("%+v", d)
	}
}

func goldenRequest() ConfirmRequest {
	return ConfirmRequest{
		Name:        "write_file",
		Risk:        RiskHigh,
		Description: "Write to ./config.json",
		DryRun: &DryRunResult{
			Description: "Write ./config.json",
			Diff:        DiffText("{\n  \"debug\": false\n}\n", "{\n  \"debug\": true,\r\n  \"key\": \"sk-ant-abcdefghijklmnopqrstuvwxyz\",\n  \"x\": \"\x1b[2J\"\n}\n"),
			Warnings:    []string{"touches production"},
		},
	}
}

func TestRenderPromptGolden(t *testing.T) {
	for _, tc := range []struct {
		file  string
		color bool
	}{{"prompt.golden", false}, {"prompt_color.golden", true}} {
		got := RenderPrompt(goldenRequest(), tc.color)
		golden.Check(t, filepath.Join("testdata", tc.file), []byte(got), *update, "run go test ./guard -run Golden -update")
		if strings.Contains(got, "abcdefghijklmnop") {
			t.Error("secret not redacted")
		}
		if strings.Contains(got, "\x1b[2J") {
			t.Error("escape sequence from file content reached the terminal")
		}
	}
	if s := RenderPrompt(ConfirmRequest{Name: "t", Risk: RiskLow}, true); !strings.Contains(s, ansiGreen+"LOW") {
		t.Errorf("low risk not green: %q", s)
	}
	if s := RenderPrompt(ConfirmRequest{Name: "t"}, true); !strings.Contains(s, ansiYellow+"MEDIUM") {
		t.Errorf("medium risk not yellow: %q", s)
	}
}

func TestTerminalConfirmAnswers(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{{"y\n", true}, {"YES\n", true}, {"\n", false}, {"n\n", false}, {"yep\n", false}, {"", false}} {
		var out strings.Builder
		ok, err := TerminalConfirm(WithStreams(strings.NewReader(tc.in), &out))(context.Background(), goldenRequest())
		if err != nil || ok != tc.want {
			t.Errorf("%q: got %v %v", tc.in, ok, err)
		}
		if !strings.Contains(out.String(), "Proceed? [y/N]") || strings.Contains(out.String(), "\x1b[") {
			t.Errorf("%q: prompt %q", tc.in, out.String())
		}
	}
}

func TestTerminalConfirmCancel(t *testing.T) {
	r, w, _ := os.Pipe()
	defer w.Close()
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	ok, err := TerminalConfirm(WithStreams(r, &strings.Builder{}))(ctx, goldenRequest())
	if ok || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v %v", ok, err)
	}
}

func TestColorEnabled(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	if !colorEnabled(true, get) || colorEnabled(false, get) {
		t.Fatal("tty rule")
	}
	env["NO_COLOR"] = "1"
	if colorEnabled(true, get) {
		t.Fatal("NO_COLOR ignored")
	}
	env["NO_COLOR"], env["TERM"] = "", "dumb"
	if colorEnabled(true, get) {
		t.Fatal("TERM=dumb ignored")
	}
}

// TestRenderPromptShowsInvisibleCharacters: a diff line whose bidirectional
// override or hidden characters would make the terminal show something else
// than is written is shown escaped.
func TestRenderPromptShowsInvisibleCharacters(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"rm -rf ~ #\u202e txt.gpj", `rm -rf ~ #\u202e txt.gpj`},
		{"a\u2066b\u2069c", `a\u2066b\u2069c`},
		{"to\u200bken", `to\u200bken`},
		{"x\U000e0041\U000e0042", `x\U000e0041\U000e0042`},
		// Format characters the prompt's own list once missed.
		{"pay\u00adload", `pay\u00adload`},
		{"a\u2063b", `a\u2063b`},
		{"line\u2028break", `line\u2028break`},
		{"\ufeffBOM", `\ufeffBOM`},
		{"plain émoji 🚀 and עברית", "plain émoji 🚀 and עברית"},
	} {
		got := RenderPrompt(ConfirmRequest{Name: "t", Description: c.in}, false)
		if !strings.Contains(got, "Action: "+c.want+"\n") {
			t.Errorf("%q shown as:\n%s", c.in, got)
		}
	}
}

// TestWrapConfirmErrorReasons: a confirm that ends with the context says so
// in a sentence; other errors keep their text.
func TestWrapConfirmErrorReasons(t *testing.T) {
	tool := func(context.Context, writeIn) (int, error) { return 1, nil }
	for _, tc := range []struct {
		err    error
		reason string
	}{
		{context.DeadlineExceeded, "no answer was given before the deadline, so the call did not run"},
		{context.Canceled, "the question was cancelled before it was answered, so the call did not run"},
		{fmt.Errorf("asking: %w", context.Canceled), "the question was cancelled before it was answered, so the call did not run"},
		{ErrNoTerminal, ErrNoTerminal.Error()},
	} {
		w, err := Wrap(tool, Options[writeIn]{Name: "t", Describe: func(writeIn) string { return "" },
			Confirm: func(context.Context, ConfirmRequest) (bool, error) { return false, tc.err }})
		if err != nil {
			t.Fatal(err)
		}
		_, err = w(context.Background(), writeIn{})
		var rej *RejectedError
		if !errors.As(err, &rej) || rej.Reason != tc.reason || !errors.Is(err, tc.err) {
			t.Errorf("%v: got %v", tc.err, err)
		}
	}
}

// syncBuffer is a strings.Builder safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func waitFor(t *testing.T, out *syncBuffer, s string) {
	t.Helper()
	for range 200 {
		if strings.Contains(out.String(), s) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%q never shown:\n%s", s, out.String())
}

// TestTerminalConfirmOneQuestionAtATime: two wrapped tools asking at once
// must not both print a prompt and race for the next line typed, and a line
// typed for a cancelled question must not answer the next one.
func TestTerminalConfirmOneQuestionAtATime(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	out := &syncBuffer{}
	confirm := TerminalConfirm(WithStreams(r, out), WithColor(false))
	type result struct {
		ok  bool
		err error
	}
	ask := func(ctx context.Context, name string) chan result {
		c := make(chan result, 1)
		go func() {
			ok, err := confirm(ctx, ConfirmRequest{Name: name, Description: "call " + name})
			c <- result{ok, err}
		}()
		return c
	}
	first := ask(context.Background(), "first")
	waitFor(t, out, "Action: call first")
	second := ask(context.Background(), "second")
	time.Sleep(100 * time.Millisecond)
	if strings.Contains(out.String(), "call second") {
		t.Fatalf("second question shown while the first is open:\n%s", out.String())
	}
	io.WriteString(w, "n\n")
	if res := <-first; res.ok || res.err != nil {
		t.Fatalf("first: %+v", res)
	}
	waitFor(t, out, "Action: call second")
	io.WriteString(w, "y\n")
	if res := <-second; !res.ok || res.err != nil {
		t.Fatalf("second: %+v", res)
	}

	// A cancelled question: the line typed for it is not the next answer.
	ctx, cancel := context.WithCancel(context.Background())
	third := ask(ctx, "third")
	waitFor(t, out, "Action: call third")
	cancel()
	if res := <-third; res.ok || !errors.Is(res.err, context.Canceled) {
		t.Fatalf("third: %+v", res)
	}
	fourth := ask(context.Background(), "fourth")
	io.WriteString(w, "yes\n") // typed for the third
	waitFor(t, out, "Action: call fourth")
	io.WriteString(w, "no\n")
	if res := <-fourth; res.ok || res.err != nil {
		t.Fatalf("fourth took the answer typed for the cancelled third: %+v", res)
	}

	// A waiting question gives up when its context ends.
	held := ask(context.Background(), "fifth")
	waitFor(t, out, "Action: call fifth")
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if res := <-ask(ctx, "sixth"); res.ok || !errors.Is(res.err, context.DeadlineExceeded) {
		t.Fatalf("sixth: %+v", res)
	}
	io.WriteString(w, "n\n")
	<-held
}

// TestReadLine: the answer is one line; what follows it is left for the
// next question, and a very long line is cut without leaking its tail.
func TestReadLine(t *testing.T) {
	for _, tc := range []struct{ in, first, second string }{
		{"y\nn\n", "y", "n"},
		{"y\r\nn", "y\r", "n"},
		{"", "", ""},
		{strings.Repeat("x", 2000) + "y\nn\n", strings.Repeat("x", 1024), "n"},
	} {
		r := strings.NewReader(tc.in)
		if a, b := readLine(r), readLine(r); a != tc.first || b != tc.second {
			t.Errorf("%.20q: got %.20q, %.20q", tc.in, a, b)
		}
	}
}

// TestRenderPromptEscapesRisk: RenderPrompt is public, so a ConfirmRequest
// built by hand may hold any Risk; it must not reach the terminal raw.
func TestRenderPromptEscapesRisk(t *testing.T) {
	for _, color := range []bool{false, true} {
		got := RenderPrompt(ConfirmRequest{Name: "t", Risk: "\x1b]0;pwned\x07"}, color)
		if strings.Contains(got, "\x1b]") || strings.Contains(got, "\x07") {
			t.Errorf("color=%v: %q", color, got)
		}
	}
}
