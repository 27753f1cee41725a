//go:build !linux && !js

package machine

// AvailableMemory reports false: nimlab reads the available memory on Linux
// only, and elsewhere skips its memory check (solve --force is implied).
func AvailableMemory() (int64, bool) { return 0, false }
