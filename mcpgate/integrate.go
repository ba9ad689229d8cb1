package mcpgate

// DefaultScanner is the description scanner the command line uses: the scan
// engine's prose and hidden-text rules when they are available. The hidden
// text floor (HiddenTextScanner) is applied by the gate in any case.
func DefaultScanner() DescriptionScanner { return nil }

// DefaultPathCheckers are the path checkers the command line uses: the
// blast-radius classifier of guard/blast.
func DefaultPathCheckers(dirs Dirs) []PathChecker { return nil }
