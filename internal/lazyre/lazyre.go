// Package lazyre defers compiling a regular expression until its first use.
//
// Every sentinel command shares one binary, and the hook that runs on every
// tool call must start in a millisecond or two: compiling the scanner's few
// hundred expressions at package initialisation would cost every command
// several milliseconds whether it scans or not. A lazyre.Regexp compiles once,
// on first use, safely from any goroutine, and panics like regexp.MustCompile
// if the pattern is invalid (a programming error, caught by the tests that
// exercise the rule).
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use.
type Regexp struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

// New returns a Regexp for pattern; nothing is compiled yet.
func New(pattern string) *Regexp { return &Regexp{pattern: pattern} }

// RE returns the compiled expression.
func (r *Regexp) RE() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.pattern) })
	return r.re
}

// String returns the source pattern.
func (r *Regexp) String() string { return r.pattern }

// The methods below delegate to the compiled expression.

func (r *Regexp) MatchString(s string) bool            { return r.RE().MatchString(s) }
func (r *Regexp) Match(b []byte) bool                  { return r.RE().Match(b) }
func (r *Regexp) FindString(s string) string           { return r.RE().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int       { return r.RE().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string { return r.RE().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.RE().FindStringSubmatchIndex(s)
}
func (r *Regexp) FindAllString(s string, n int) []string { return r.RE().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.RE().FindAllStringIndex(s, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.RE().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.RE().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.RE().ReplaceAllString(src, repl)
}
func (r *Regexp) ReplaceAllStringFunc(src string, fn func(string) string) string {
	return r.RE().ReplaceAllStringFunc(src, fn)
}
func (r *Regexp) Split(s string, n int) []string { return r.RE().Split(s, n) }
func (r *Regexp) SubexpIndex(name string) int    { return r.RE().SubexpIndex(name) }
