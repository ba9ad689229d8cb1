//go:build !windows

package hook

// longName is p: only Windows gives files 8.3 short names of its own
// accord, and a short name on a FAT or NTFS volume mounted elsewhere is
// judged as one by the gate (blast.ReasonShortName).
func longName(p string) string { return p }
