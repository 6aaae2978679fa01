package dialect

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxGlobVariants caps the patterns one read_many_files entry's braces
// expand to; past it the entry stands for every file (**).
const maxGlobVariants = 64

// readManyPaths are the paths of a Gemini CLI read_many_files call: each
// entry of include is a glob (or an exact file) that Gemini CLI 0.61.0
// matches in every workspace directory with node-glob, backslashes read as
// slashes, case ignored, dot files included, braces and extended globs
// expanded. callpath expands only *, ? and [...], and folds case only in a
// component holding one of them, so each entry is given as patterns that
// match at least what Gemini CLI's would: its brace alternatives, each
// extended-glob group as *, and each once more with the first letter of
// every plain component in both cases ([cC]onfig/[pP]rod/[aA]pp.yaml).
// A guard on .env must see include: [".ENV"] and ["{.env,x}"].
func readManyPaths(entries []string) []string {
	var out []string
	for _, e := range entries {
		if e == "" {
			continue
		}
		for _, p := range braceVariants(strings.ReplaceAll(e, `\`, "/")) {
			p = extglobAsStar(p)
			out = append(out, p)
			if v := anyCase(p); v != p {
				out = append(out, v)
			}
		}
	}
	return out
}

// braceVariants expands p's brace groups as minimatch does ({a,b} is a and
// b; a group without a top-level comma, such as {1..3}, is *), or is ["**"]
// when that makes more than maxGlobVariants patterns or a brace is left
// open, or p is longer than PATH_MAX (its braces are not read: one
// megabyte of nested braces must not take minutes).
func braceVariants(p string) []string {
	if len(p) > maxPathBytes {
		return []string{"**"}
	}
	out, work := []string(nil), []string{p}
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		open := strings.IndexByte(s, '{')
		if open < 0 {
			out = append(out, s)
			if len(out) > maxGlobVariants {
				return []string{"**"}
			}
			continue
		}
		depth, end, commas := 0, -1, []int(nil)
		for i := open; i < len(s) && end < 0; i++ {
			switch s[i] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					end = i
				}
			case ',':
				if depth == 1 {
					commas = append(commas, i)
				}
			}
		}
		if end < 0 {
			return []string{"**"}
		}
		if len(commas) == 0 {
			work = append(work, s[:open]+"*"+s[end+1:])
			continue
		}
		from := open + 1
		for _, c := range append(commas, end) {
			work = append(work, s[:open]+s[from:c]+s[end+1:])
			from = c + 1
		}
		if len(work)+len(out) > maxGlobVariants {
			return []string{"**"}
		}
	}
	return out
}

// extglobAsStar replaces each extended-glob group, @(…), +(…), !(…), *(…)
// and ?(…), by *, which matches at least as much within a component.
func extglobAsStar(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if strings.IndexByte("@+!*?", p[i]) >= 0 && i+1 < len(p) && p[i+1] == '(' {
			if end := strings.IndexByte(p[i+1:], ')'); end >= 0 {
				b.WriteByte('*')
				i += 1 + end
				continue
			}
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// anyCase is p with the first letter of each component that holds no
// pattern character written in both cases, so callpath's pattern matching,
// which folds case, matches the component in any case.
func anyCase(p string) string {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		if strings.ContainsAny(part, "*?[") {
			continue
		}
		for j, r := range part {
			if lo, up := unicode.ToLower(r), unicode.ToUpper(r); lo != up {
				parts[i] = part[:j] + "[" + string(lo) + string(up) + "]" + part[j+utf8.RuneLen(r):]
				break
			}
		}
	}
	return strings.Join(parts, "/")
}
