// Command train fits the semantic reading's scorer (scan/meaning) from the
// training data in internal/train/data and writes its weights to
// scan/meaning/data/model.bin:
//
//	go run ./internal/train
//
// The data was written for this purpose (attack paraphrases per intent and
// language, and honest developer documentation); none of it comes from
// the reworded-dev development set. Training is deterministic: files and
// lines are read in order, the shuffle has a fixed seed, and the same data
// gives the same bytes (TestRetrainReproduces).
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/meaning"
)

// Example is one line of training data.
type Example struct {
	Attack       bool
	Intent, Lang string
	Text         string
	feats        []meaning.Feature
	// framed says the frames read the line as an unguarded intent: the
	// lines where the score alone decides whether the rule warns.
	framed bool
}

// Load reads every *.tsv file of fsys in name order: label (A or B),
// intent, language, text, separated by tabs; '#' starts a comment line.
func Load(fsys fs.FS) ([]Example, error) {
	names, err := fs.Glob(fsys, "*.tsv")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []Example
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		ln := 0
		for sc.Scan() {
			ln++
			line := sc.Text()
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				continue
			}
			p := strings.SplitN(line, "\t", 4)
			if len(p) != 4 || (p[0] != "A" && p[0] != "B") {
				return nil, fmt.Errorf("%s:%d: want label, intent, language and text separated by tabs", n, ln)
			}
			out = append(out, Example{Attack: p[0] == "A", Intent: p[1], Lang: p[2], Text: p[3]})
		}
	}
	for i := range out {
		f := meaning.Read(out[i].Text, out[i].Lang)
		out[i].feats = meaning.Features(out[i].Text, &f, false)
		out[i].framed = f.Intent != "" && f.Guard == ""
	}
	return out, nil
}

// Report is what training measured on examples held apart from the fit
// that scored them (five folds: each example is scored by the model
// trained on the other four fifths).
type Report struct {
	HeldAttacks, HeldAttacksOver int
	HeldBenign, HeldBenignOver   int
	// FramedBenign counts the honest lines the frames read as an
	// unguarded intent: the ones the threshold is chosen on.
	FramedBenign, FramedBenignOver int
	// ShareFloor is the lowest threshold that keeps the held-apart
	// honest lines at or above it to maxBenignShare percent.
	ShareFloor float64
	Threshold  float32
}

func (r Report) String() string {
	return fmt.Sprintf("held apart (5 folds): %d/%d attacks and %d/%d honest lines (%d/%d of those the frames read as an intent) at or above the threshold %.3f (floor for %d%% of honest lines: %.3f)",
		r.HeldAttacksOver, r.HeldAttacks, r.HeldBenignOver, r.HeldBenign, r.FramedBenignOver, r.FramedBenign, r.Threshold, maxBenignShare, r.ShareFloor)
}

const (
	epochs = 40
	l2     = 1e-4
	seed1  = 18
	seed2  = 45
)

// fit trains a logistic regression by stochastic gradient descent.
func fit(ex []Example) (bias float64, w []float64) {
	w = make([]float64, 1<<meaning.Bits)
	var nA, nB int
	for _, e := range ex {
		if e.Attack {
			nA++
		} else {
			nB++
		}
	}
	// Balance the classes.
	wA, wB := 1.0, 1.0
	if nA > 0 && nB > 0 {
		wA = float64(nA+nB) / (2 * float64(nA))
		wB = float64(nA+nB) / (2 * float64(nB))
	}
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(seed1, seed2))
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := 0.5 / (1 + 0.1*float64(ep))
		for _, i := range order {
			e := ex[i]
			z := bias
			for _, f := range e.feats {
				z += w[f.Index] * float64(f.Value)
			}
			p := 1 / (1 + math.Exp(-z))
			y, cw := 0.0, wB
			if e.Attack {
				y, cw = 1, wA
			}
			g := (p - y) * cw
			bias -= lr * g
			for _, f := range e.feats {
				w[f.Index] -= lr * (g*float64(f.Value) + l2*w[f.Index])
			}
		}
	}
	return bias, w
}

func score(bias float64, w []float64, e Example) float64 {
	z := bias
	for _, f := range e.feats {
		z += w[f.Index] * float64(f.Value)
	}
	return 1 / (1 + math.Exp(-z))
}

// folds is the number of parts the examples are split into for
// calibration.
const folds = 5

// margin is added above the highest held-apart honest score.
const margin = 0.02

// maxBenignShare is the most, in percent, of the held-apart honest lines
// that may score at or above the threshold.
const maxBenignShare = 1

// Train fits the model. Calibration first: every example is scored by a
// model fitted on the other folds. The rule warns only where the frames
// read an unguarded intent, so the threshold is chosen on the honest
// lines the frames read that way: just above the highest held-apart score
// among them (so none of them would warn), never below 0.5, and never so
// low that more than maxBenignShare percent of all held-apart honest
// lines reach it. Then the model is fitted on every example and keeps
// that threshold.
func Train(ex []Example) (*meaning.Model, Report) {
	held := make([]float64, len(ex))
	for k := 0; k < folds; k++ {
		var train []Example
		for i, e := range ex {
			if i%folds != k {
				train = append(train, e)
			}
		}
		b, w := fit(train)
		for i, e := range ex {
			if i%folds == k {
				held[i] = score(b, w, e)
			}
		}
	}
	var rep Report
	maxBenign := 0.5
	for i, e := range ex {
		if !e.Attack && e.framed {
			rep.FramedBenign++
			maxBenign = math.Max(maxBenign, held[i]+margin)
			if debugFramed {
				fmt.Fprintf(os.Stderr, "%.3f %s\n", held[i], e.Text)
			}
		}
	}
	// The framed honest lines are few (a handful), so the threshold
	// rests on them alone only as long as it also holds the held-apart
	// honest lines overall to at most one in a hundred at or above it:
	// an honest line the frames miss today is one a wider lexicon frames
	// tomorrow.
	var benign []float64
	for i, e := range ex {
		if !e.Attack {
			benign = append(benign, held[i])
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(benign)))
	if k := len(benign) * maxBenignShare / 100; k < len(benign) {
		rep.ShareFloor = benign[k] + 1e-6
		maxBenign = math.Max(maxBenign, rep.ShareFloor)
	}
	thr := float32(math.Min(maxBenign, 0.995))
	for i, e := range ex {
		s := float32(held[i])
		if e.Attack {
			rep.HeldAttacks++
			if s >= thr {
				rep.HeldAttacksOver++
			}
		} else {
			rep.HeldBenign++
			if s >= thr {
				rep.HeldBenignOver++
				if e.framed {
					rep.FramedBenignOver++
				}
			}
		}
	}
	rep.Threshold = thr
	b, w := fit(ex)
	m := &meaning.Model{Threshold: thr, Bias: float32(b), W: make([]float32, len(w))}
	for i, x := range w {
		m.W[i] = float32(x)
	}
	return m, rep
}

func main() {
	dir := "internal/train/data"
	out := path.Join("scan", "meaning", "data", "model.bin")
	ex, err := Load(os.DirFS(dir))
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
	m, rep := Train(ex)
	if err := os.WriteFile(out, m.Encode(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
	fmt.Printf("train: %d examples; %s; wrote %s\n", len(ex), rep, out)
}

// debugFramed prints each held-apart honest line the frames read as an
// intent, with its score (`TRAIN_FRAMED=1 go run ./internal/train`): the
// lines that set the threshold.
var debugFramed = os.Getenv("TRAIN_FRAMED") != ""
