package ojson

import (
	"unicode/utf16"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// AppendString quotes s as encoding/json does with HTML escaping off:
// short escapes for \b \f \n \r \t, \u00XX for other control bytes, \u2028
// and \u2029 escaped, invalid UTF-8 replaced by \ufffd.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// String decodes the JSON string raw, as json.Unmarshal into a string does, without
// encoding/json's scan of the whole value before it decodes it: a context's command
// may be 100 KB, and decoding it took three such passes. It reports false for anything
// it does not read exactly as encoding/json would: raw that is not one string with no
// blank around it, invalid UTF-8, a control byte, a bad escape, or a \u escape of a
// surrogate that is not the first half of a pair (which encoding/json turns into
// U+FFFD). Callers fall back to json.Unmarshal then, which says what is wrong.
func String(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	// A string with nothing to unescape is its bytes.
	i := plainRun(body, 0)
	if i == len(body) {
		return string(body), true
	}
	out := make([]byte, 0, len(body))
	out = append(out, body[:i]...)
	for i < len(body) {
		c := body[i]
		switch {
		case isPlain(c):
			j := plainRun(body, i)
			out = append(out, body[i:j]...)
			i = j
		case c == '"' || c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && n == 1 {
				return "", false
			}
			out = append(out, body[i:i+n]...)
			i += n
		default: // a backslash
			if i+1 >= len(body) {
				return "", false
			}
			switch e := body[i+1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := hex4(body[i+2:])
				if !ok {
					return "", false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if r >= 0xdc00 || len(body)-i < 6 || body[i] != '\\' || body[i+1] != 'u' {
						return "", false
					}
					lo, ok := hex4(body[i+2:])
					if !ok || lo < 0xdc00 || lo > 0xdfff {
						return "", false
					}
					r = utf16.DecodeRune(r, lo)
					i += 6
				}
				out = utf8.AppendRune(out, r)
				continue
			default:
				return "", false
			}
			i += 2
		}
	}
	return string(out), true
}

// isPlain reports whether a JSON string holds c as it is: printable ASCII but the quote and
// the backslash.
func isPlain(c byte) bool {
	return c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\'
}

// plainRun is the end of the run of plain bytes of b from i.
func plainRun(b []byte, i int) int {
	for i < len(b) && isPlain(b[i]) {
		i++
	}
	return i
}

// hex4 reads the four hexadecimal digits of a \u escape at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
