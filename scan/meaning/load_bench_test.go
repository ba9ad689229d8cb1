package meaning

import "testing"

// BenchmarkLoad is what a process pays once before S45 reads its first
// file: the lexicons, the class gate, the form gate and the model.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		d, err := load(dataFS)
		if err != nil {
			b.Fatal(err)
		}
		if newFormGate(d, Languages()) == nil {
			b.Fatal("no form gate")
		}
		if _, err := Decode(modelBin); err != nil {
			b.Fatal(err)
		}
	}
}
