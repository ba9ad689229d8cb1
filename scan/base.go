package scan

import "github.com/sentinel-sec/sentinel/scan/rules"

// WithBase compares the scan with a base revision (pull-request mode): the
// rules that need history (S6 undeclared change, S20 guardrail weakened)
// run only when it is set. The head is still scanned whole.
func WithBase(b *rules.BaseInfo) Option { return func(o *Options) { o.Base = b } }
