package blast

import "strings"

// opts is a parsed command line: flags (as given, "-r", "--recursive"),
// option values and operands.
type opts struct {
	flags map[string]bool
	vals  map[string][]string
	ops   []string
}

// parseOpts parses args GNU-style: short options may be clustered and the
// letters in shortArg take a value (glued or the next argument); long
// options in longArg take a value (after = or the next argument) and may be
// abbreviated; options may follow operands when permute is true; `--` ends
// the options.
func parseOpts(args []string, shortArg string, permute bool, longArg ...string) opts {
	o := opts{flags: map[string]bool{}, vals: map[string][]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			o.ops = append(o.ops, args[i+1:]...)
			return o
		case strings.HasPrefix(a, "--") && len(a) > 2:
			name, v, hasV := strings.Cut(a[2:], "=")
			full := longName(name, longArg)
			if full != "" {
				if !hasV && i+1 < len(args) {
					i++
					v = args[i]
				}
				o.vals["--"+full] = append(o.vals["--"+full], v)
			} else if hasV {
				o.vals["--"+name] = append(o.vals["--"+name], v)
			} else {
				o.flags["--"+name] = true
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for j := 1; j < len(a); j++ {
				f := a[j]
				if strings.IndexByte(shortArg, f) >= 0 {
					v := a[j+1:]
					if v == "" && i+1 < len(args) {
						i++
						v = args[i]
					}
					o.vals["-"+string(f)] = append(o.vals["-"+string(f)], v)
					break
				}
				o.flags["-"+string(f)] = true
			}
		default:
			if !permute {
				o.ops = append(o.ops, args[i:]...)
				return o
			}
			o.ops = append(o.ops, a)
		}
	}
	return o
}

// longName returns the long option of names that name is, or abbreviates
// unambiguously, or "".
func longName(name string, names []string) string {
	found := ""
	for _, n := range names {
		if n == name {
			return n
		}
		if len(name) >= 3 && strings.HasPrefix(n, name) {
			if found != "" {
				return ""
			}
			found = n
		}
	}
	return found
}

// has reports whether any of the flags was given; a long flag also matches
// an abbreviation of it.
func (o opts) has(names ...string) bool {
	for _, n := range names {
		if o.flags[n] {
			return true
		}
		if strings.HasPrefix(n, "--") {
			for f := range o.flags {
				if len(f) >= 5 && strings.HasPrefix(n, f) {
					return true
				}
			}
		}
	}
	return false
}

// all returns every value given to any of the options.
func (o opts) all(names ...string) []string {
	var out []string
	for _, n := range names {
		out = append(out, o.vals[n]...)
	}
	return out
}

// last returns the last value of the first of the options that was given.
func (o opts) last(names ...string) string {
	for _, n := range names {
		if v := o.vals[n]; len(v) > 0 {
			return v[len(v)-1]
		}
	}
	return ""
}
