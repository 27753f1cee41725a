package complex

// IsCycleCircuit reports whether the vertex set s is a circuit of the cycle
// complex of CN(n,k), 1 < k < n, by the distance conditions of
// Dufour–Heubach 2013, Theorem 5.7: with d_1..d_l the distances
// between consecutive vertices of s around the circle (summing to n) and
// s' = n-k, every d_i <= s' and every d_i + d_{i+1} > s'.
func IsCycleCircuit(n, k int, s Set) bool {
	vs := s.Vertices()
	l := len(vs)
	if l < 2 {
		return false
	}
	d := make([]int, l)
	for i := range vs {
		d[i] = (vs[(i+1)%l] - vs[i] + n) % n
	}
	for i := range d {
		if d[i] > n-k || d[i]+d[(i+1)%l] <= n-k {
			return false
		}
	}
	return true
}

// CycleCircuitSizes returns the sizes l of the circuits of CN(n,k),
// 1 < k < n, by Dufour–Heubach 2013, Theorem 5.8: a circuit of
// size l exists exactly when n/s <= l <= 2n/(s+1), with s = n-k.
func CycleCircuitSizes(n, k int) []int {
	s := n - k
	var out []int
	for l := 1; l <= n; l++ {
		if l*s >= n && l*(s+1) <= 2*n {
			out = append(out, l)
		}
	}
	return out
}
