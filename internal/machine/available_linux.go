package machine

import (
	"os"
	"path/filepath"
	"strings"
)

// AvailableMemory returns the memory this process may still use, in bytes:
// MemAvailable from /proc/meminfo, lowered to the room left under the memory
// limit of the process's cgroup (v2 or v1) when that is smaller. It returns
// false when neither is known.
func AvailableMemory() (int64, bool) {
	avail, ok := int64(0), false
	if f, err := os.Open("/proc/meminfo"); err == nil {
		avail, ok = meminfoAvailable(f)
		f.Close()
	}
	if room, limited := cgroupLimit(); limited && (!ok || room < avail) {
		avail, ok = room, true
	}
	return avail, ok
}

// cgroupLimit finds the memory limit of this process's cgroup from
// /proc/self/cgroup: the unified (v2) hierarchy first, then the v1 memory
// controller.
func cgroupLimit() (int64, bool) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			return ""
		}
		return string(b)
	}
	for _, line := range strings.Split(string(data), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "": // cgroup v2
			dir := filepath.Join("/sys/fs/cgroup", parts[2])
			if room, ok := cgroupRoom(read(filepath.Join(dir, "memory.max")), read(filepath.Join(dir, "memory.current"))); ok {
				return room, true
			}
		case strings.Contains(","+parts[1]+",", ",memory,"): // cgroup v1
			dir := filepath.Join("/sys/fs/cgroup/memory", parts[2])
			if room, ok := cgroupRoom(read(filepath.Join(dir, "memory.limit_in_bytes")), read(filepath.Join(dir, "memory.usage_in_bytes"))); ok {
				return room, true
			}
		}
	}
	return 0, false
}
