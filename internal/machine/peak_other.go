//go:build !unix

package machine

// peakRSS is not read on this operating system (Windows, Plan 9, wasm).
func peakRSS() (int64, bool) { return 0, false }
