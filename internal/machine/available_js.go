//go:build js

package machine

import "runtime"

// TabMemory is the memory nimlab allows itself in a browser tab (its
// WebAssembly build): browsers give a tab a few GiB at most, and a page
// that takes them all is killed, so a computation that would need more than
// this is refused and left to the nimlab command.
const TabMemory = 1 << 30

// AvailableMemory returns what is left of TabMemory beside the memory the
// Go runtime already holds from the browser.
func AvailableMemory() (int64, bool) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return max(TabMemory-int64(m.Sys), 0), true
}
