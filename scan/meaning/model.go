package meaning

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"math"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// The scorer is a logistic regression over hashed word unigrams and
// bigrams, byte 4-grams and the frame's classes. Its weights are trained
// by `go run ./internal/train` from internal/train/data and embedded here.

// Bits is the log2 of the number of hashed feature slots.
const Bits = 17

const dim = 1 << Bits

//go:embed data/model.bin
var modelBin []byte

// Model is a trained scorer.
type Model struct {
	Threshold float32
	Bias      float32
	W         []float32
}

var magic = [4]byte{'S', 'N', 'T', 'M'}

// Encode writes the model in its embedded form: "SNTM", bits (uint32),
// threshold, bias and the weights (float32), little-endian.
func (m *Model) Encode() []byte {
	out := make([]byte, 0, 16+4*len(m.W))
	out = append(out, magic[:]...)
	out = binary.LittleEndian.AppendUint32(out, Bits)
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(m.Threshold))
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(m.Bias))
	for _, w := range m.W {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(w))
	}
	return out
}

// Decode reads an encoded model.
func Decode(b []byte) (*Model, error) {
	if len(b) < 16 || [4]byte(b[:4]) != magic {
		return nil, errors.New("meaning: the model is missing or not a Sentinel model")
	}
	if binary.LittleEndian.Uint32(b[4:]) != Bits || len(b) != 16+4*dim {
		return nil, errors.New("meaning: the model has the wrong size")
	}
	m := &Model{
		Threshold: math.Float32frombits(binary.LittleEndian.Uint32(b[8:])),
		Bias:      math.Float32frombits(binary.LittleEndian.Uint32(b[12:])),
		W:         make([]float32, dim),
	}
	for i := range m.W {
		m.W[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[16+4*i:]))
	}
	return m, nil
}

var embedded = sync.OnceValues(func() (*Model, error) { return Decode(modelBin) })

// Embedded returns the embedded model, or nil when there is none (the
// rule then stays silent).
func Embedded() *Model {
	m, err := embedded()
	if err != nil {
		return nil
	}
	return m
}

// Feature is one hashed feature of a unit and its value.
type Feature struct {
	Index uint32
	Value float32
	// Name is set when Features is asked for names (explain).
	Name string
}

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

func fnvAdd(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= fnvPrime
	}
	return h
}

func fnvByte(h uint32, c byte) uint32 {
	h ^= uint32(c)
	return h * fnvPrime
}

// maxGrams bounds the byte 4-grams taken from one unit.
const maxGrams = 1024

// Features returns the features of a unit read as f. With names set, each
// feature carries a readable name (slower; for explain).
func Features(unit string, f *Frame, names bool) []Feature {
	var out []Feature
	features(unit, f, names, func(ft Feature) { out = append(out, ft) })
	return out
}

// features calls emit with each feature of the unit.
func features(unit string, f *Frame, names bool, emit func(Feature)) {
	lower := lowerUnit(unit)
	toks := tokens(lower)
	nw := len(toks)*2 + 1
	wv := float32(1 / math.Sqrt(float64(nw)))
	prev := ""
	for _, t := range toks {
		h := fnvAdd(fnvByte(fnvOffset, 'w'), t.s)
		ft := Feature{Index: h & (dim - 1), Value: wv}
		if names {
			ft.Name = "word " + t.s
		}
		emit(ft)
		if prev != "" {
			h := fnvAdd(fnvByte(fnvAdd(fnvByte(fnvOffset, 'b'), prev), ' '), t.s)
			ft := Feature{Index: h & (dim - 1), Value: wv}
			if names {
				ft.Name = "words " + prev + " " + t.s
			}
			emit(ft)
		}
		prev = t.s
	}
	// Byte 4-grams of the lowered text, spaces folded, carry the
	// languages written without spaces and the words' inner parts.
	n := min(len(lower)-3, maxGrams)
	if n > 0 {
		cv := float32(0.5 / math.Sqrt(float64(n)))
		for i := 0; i < n; i++ {
			h := fnvByte(fnvByte(fnvByte(fnvByte(fnvByte(fnvOffset, 'c'), lower[i]), lower[i+1]), lower[i+2]), lower[i+3])
			ft := Feature{Index: h & (dim - 1), Value: cv}
			if names {
				ft.Name = "chars " + strings.ToValidUTF8(lower[i:i+4], "·")
			}
			emit(ft)
		}
	}
	// The unit's shape: its first word (an imperative verb, a subject, a
	// code span) and whether it opens with code, as a reference table's
	// rows and a command list's items do.
	if len(toks) > 0 {
		h := fnvAdd(fnvByte(fnvOffset, 's'), toks[0].s)
		ft := Feature{Index: h & (dim - 1), Value: 1}
		if names {
			ft.Name = "first word " + toks[0].s
		}
		emit(ft)
	}
	if t := strings.TrimLeft(lower, "*_ "); strings.HasPrefix(t, "`") {
		h := fnvAdd(fnvOffset, "shape code-first")
		ft := Feature{Index: h & (dim - 1), Value: 1}
		if names {
			ft.Name = "opens with code"
		}
		emit(ft)
	}
	if f != nil {
		frameFeatures(f, emit, names)
	}
}

// Contribution is one feature's part in a score.
type Contribution struct {
	Feature string  `json:"feature"`
	Weight  float32 `json:"weight"`
}

// Top returns the features that moved the score most, largest first.
func (m *Model) Top(unit string, f *Frame, n int) []Contribution {
	sum := map[string]float32{}
	for _, ft := range Features(unit, f, true) {
		sum[ft.Name] += m.W[ft.Index] * ft.Value
	}
	var out []Contribution
	for k, v := range sum {
		if !utf8.ValidString(k) {
			continue
		}
		out = append(out, Contribution{k, v})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := math.Abs(float64(out[i].Weight)), math.Abs(float64(out[j].Weight))
		if a != b {
			return a > b
		}
		return out[i].Feature < out[j].Feature
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// frameFeatures calls emit with the frame's features: its classes but the
// guards', its intent and whether it is guarded.
func frameFeatures(f *Frame, emit func(Feature), names bool) {
	var seen [24]string
	ns := 0
	add := func(name string) {
		for _, x := range seen[:ns] {
			if x == name {
				return
			}
		}
		if ns < len(seen) {
			seen[ns] = name
			ns++
		}
		h := fnvAdd(fnvByte(fnvOffset, 'f'), name)
		ft := Feature{Index: h & (dim - 1), Value: 1}
		if names {
			ft.Name = "frame " + name
		}
		emit(ft)
	}
	for _, h := range f.Hits {
		if guardClasses[h.Class] || h.Class == "scope" || h.Class == "clause" {
			// A guard counts as the reading's "guarded", where it
			// governs the act; a negation in another clause ("so
			// that the review is not delayed") guards nothing.
			continue
		}
		add(h.Class)
	}
	if f.Intent != "" {
		add("intent " + f.Intent)
	}
	if f.Guard != "" {
		add("guarded")
	}
}
