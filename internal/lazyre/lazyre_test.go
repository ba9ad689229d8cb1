package lazyre

import (
	"sync"
	"testing"
)

func TestLazyCompilesOnceConcurrently(t *testing.T) {
	r := New(`a(b+)c`)
	if r.re != nil {
		t.Fatal("compiled before first use")
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !r.MatchString("xabbbc") {
				t.Error("no match")
			}
		}()
	}
	wg.Wait()
	if got := r.FindStringSubmatch("abbc"); len(got) != 2 || got[1] != "bb" {
		t.Errorf("submatch = %v", got)
	}
}

func TestInvalidPatternPanicsOnUse(t *testing.T) {
	r := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("invalid pattern did not panic on first use")
		}
	}()
	r.MatchString("x")
}
