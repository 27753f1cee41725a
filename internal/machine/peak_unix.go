//go:build unix

package machine

import (
	"runtime"
	"syscall"
)

func peakRSS() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	// getrusage(2) gives ru_maxrss in bytes on macOS and iOS, in kilobytes on
	// Linux and the BSDs.
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss), true
	}
	return int64(ru.Maxrss) * 1024, true
}
