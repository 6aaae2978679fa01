package config

import "strings"

// suggest returns the candidate closest to s when it is close enough to be
// a likely typo, or "".
func suggest(s string, candidates []string) string {
	best, bestDist := "", 0
	for _, c := range candidates {
		dist := editDistance(strings.ToLower(s), strings.ToLower(c))
		limit := max(1, len(c)/4)
		if dist <= limit && (best == "" || dist < bestDist) {
			best, bestDist = c, dist
		}
	}
	if best == "" && len(s) >= 3 {
		for _, c := range candidates {
			if strings.HasPrefix(c, s) || strings.HasPrefix(s, c) {
				return c
			}
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
