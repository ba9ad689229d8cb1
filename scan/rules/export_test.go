package rules

import "github.com/sentinel-sec/sentinel/scan/text"

// MarkUnitsForBench runs the prose prefilter over units, for the floor
// baseline of BenchmarkProseCorpus.
func MarkUnitsForBench(units []text.Unit) { prefilter().MarkUnits(units) }

// ProseFilterForBench is the filter instruction texts are analysed with.
func ProseFilterForBench() *text.Filter { return proseFilter() }
