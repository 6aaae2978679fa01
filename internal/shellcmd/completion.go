package shellcmd

import "strings"

// completion reads what compgen and complete run: the command -C names (compgen runs it at once,
// complete when a word is completed) and the word list -W gives, which bash expands again as it
// expands a command's words, so a substitution in it runs (compgen -W '$(rm -rf x)' z). Either
// only known when the line runs is unresolved. A -F function's body is read where it is defined.
func (r *reader) completion(cmd Command, depth int) bool {
	args := cmd.Args
	read := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Value == "--" && !a.Dynamic {
			break
		}
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || len(a.Value) < 2 {
			continue
		}
		opts := a.Value[1:]
		for j := 0; j < len(opts); j++ {
			if strings.IndexByte("oAGWFCXPS", opts[j]) < 0 {
				continue
			}
			opt, value := opts[j], opts[j+1:]
			if value == "" {
				if i+1 >= len(args) {
					return read
				}
				i++
				if args[i].Dynamic && (opt == 'C' || opt == 'W') {
					r.unresolved("%s -%c runs %s, only known when the line runs", cmd.Name, opt, args[i].Value)
					read = true
					break
				}
				value = args[i].Value
			}
			switch opt {
			case 'C':
				r.script(value, depth+1)
				read = true
			case 'W':
				r.script(": "+value, depth+1)
				read = true
			}
			break
		}
	}
	return read
}
