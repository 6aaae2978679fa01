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

// editDistance is the number of slips that turn a into b: a letter
// added, dropped or changed, or two neighbours swapped (enabeld, scirpt),
// which people type as one (the optimal string alignment distance).
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	// rows[i%3] is row i of the table: a swap looks two rows back.
	var rows [3][]int
	for k := range rows {
		rows[k] = make([]int, len(b)+1)
	}
	for j := range rows[0] {
		rows[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur, prev, prev2 := rows[i%3], rows[(i-1)%3], rows[(i+1)%3]
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
	}
	return rows[len(a)%3][len(b)]
}
