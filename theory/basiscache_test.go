package theory

import (
	"fmt"
	"testing"

	"github.com/nimlab/nimlab/complex"
)

// TestBasisCacheBounded: the Nim-bases kept stay within basisCacheBytes
// however many complexes a long-running server meets, and the most
// recently used are kept.
func TestBasisCacheBounded(t *testing.T) {
	b := &listedBasis{members: make([]complex.Set, 4096)}
	for i := range 2000 {
		storeBasis(fmt.Sprint("complex ", i), b)
		basisCache.Lock()
		n := basisCache.bytes
		basisCache.Unlock()
		if n > basisCacheBytes {
			t.Fatalf("after %d complexes the cache holds %d bytes, over %d", i+1, n, basisCacheBytes)
		}
	}
	if _, ok := lookupBasis("complex 1999"); !ok {
		t.Error("the last basis stored was dropped")
	}
	if _, ok := lookupBasis("complex 0"); ok {
		t.Error("the first of 2000 large bases is still kept")
	}
}
