package machine

import (
	"bufio"
	"io"
	"os"
	"strings"
)

// CPUModel returns the model of the processor as /proc/cpuinfo names it
// (e.g. "Intel(R) Xeon(R) Processor"), and false where it is not known.
func CPUModel() (string, bool) {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "", false
	}
	defer f.Close()
	return cpuinfoModel(f)
}

// cpuinfoModel reads the first "model name" of a /proc/cpuinfo stream.
func cpuinfoModel(r io.Reader) (string, bool) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value), true
		}
	}
	return "", false
}

// LoadAverage returns the load averages over 1, 5 and 15 minutes as
// /proc/loadavg says them (e.g. "0.80 1.18 1.67"), and false where they are
// not known.
func LoadAverage() (string, bool) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "", false
	}
	fields := strings.Fields(string(data))
	if len(fields) < 3 {
		return "", false
	}
	return strings.Join(fields[:3], " "), true
}
