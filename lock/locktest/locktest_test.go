package locktest

import "testing"

// The schema comes from the binary, not from a source path that -trimpath
// removes: it compiles and rejects a lock with an unknown format.
func TestSchemaEmbedded(t *testing.T) {
	sch, err := Schema()
	if err != nil {
		t.Fatalf("the embedded schema does not compile: %v", err)
	}
	if sch == nil {
		t.Fatal("no schema")
	}
	ft := &fakeT{TB: t}
	func() {
		defer func() { recover() }()
		Validate(ft, []byte(`{"format": "not a format"}`))
	}()
	if !ft.failed {
		t.Error("an invalid lock validated")
	}
}

type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Fatalf(string, ...any) { f.failed = true; panic("fatal") }
