// Package machine reads what the operating system says about the resources
// of this process: its peak resident memory and the memory still available to
// it, with cgroup limits on Linux taken into account. Where an operating
// system does not say, the functions report that the figure is unknown rather
// than guess.
package machine

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// PeakRSS returns the peak resident memory of this process so far, in bytes,
// and false where the operating system does not report it.
func PeakRSS() (int64, bool) { return peakRSS() }

// meminfoAvailable reads MemAvailable (in kB) from a /proc/meminfo stream.
func meminfoAvailable(r io.Reader) (int64, bool) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb >= 0 && kb < 1<<53 {
				return kb * 1024, true
			}
		}
	}
	return 0, false
}

// cgroupRoom returns limit - usage from the text of a cgroup's limit and usage
// files (cgroup v2 memory.max and memory.current, or v1 memory.limit_in_bytes
// and memory.usage_in_bytes), and false when there is no limit ("max", or the
// huge number v1 writes for none).
func cgroupRoom(limitText, usageText string) (int64, bool) {
	limit, err := strconv.ParseInt(strings.TrimSpace(limitText), 10, 64)
	if err != nil || limit <= 0 || limit >= 1<<62 {
		return 0, false
	}
	usage, err := strconv.ParseInt(strings.TrimSpace(usageText), 10, 64)
	if err != nil || usage < 0 {
		usage = 0
	}
	return max(limit-usage, 0), true
}
