package solve

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// checkNeed returns an error wrapping ErrTooLarge when a solve of g on box
// needs more than available bytes.
func checkNeed(g *game.Game, box table.Box, need, available int64) error {
	if need > available {
		return fmt.Errorf("%w: solving %s on %v needs about %s, but only %s is available (use --force to try anyway)",
			ErrTooLarge, g.Spec, box, Bytes(need), Bytes(available))
	}
	return nil
}

// Bytes writes a byte count for people, e.g. "1.5 GB".
func Bytes(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(n)/float64(div), "kMGTPE"[exp])
}

// maxWorkingBytes bounds the working memory an engine allocates beyond the
// table (128 GiB): larger solves are refused with ErrTooLarge instead of
// running out of memory. The command line checks the machine's memory first
// (CheckMemory); this bounds what the library attempts whatever the caller.
const maxWorkingBytes = 1 << 37

// checkWorking refuses working memory of more than maxWorkingBytes.
func checkWorking(g *game.Game, box table.Box, bytes int64) error {
	if bytes > maxWorkingBytes {
		return fmt.Errorf("%s on %v: %w: the engine would need %s of working memory", g.Spec, box, ErrTooLarge, Bytes(bytes))
	}
	return nil
}

// saturatingMul is a*b for non-negative a and b, or math.MaxInt64 when
// that overflows.
func saturatingMul(a, b int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(lo)
}

// saturatingAdd is the sum of non-negative terms, or math.MaxInt64 when that
// overflows.
func saturatingAdd(terms ...int64) int64 {
	var sum int64
	for _, t := range terms {
		if sum > math.MaxInt64-t {
			return math.MaxInt64
		}
		sum += t
	}
	return sum
}
