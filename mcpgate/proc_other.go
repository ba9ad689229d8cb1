//go:build !unix

package mcpgate

import "os"

// Without flock, writers rely on O_APPEND and a single proxy per server.
func lockFile(*os.File) error   { return nil }
func unlockFile(*os.File) error { return nil }

func processAlive(pid int) bool { return pid > 0 }
