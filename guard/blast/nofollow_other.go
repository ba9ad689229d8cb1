//go:build !unix

package blast

// noFollow is 0 where open has no such flag (Windows opens a reparse point
// as itself unless asked to follow it).
const noFollow = 0
