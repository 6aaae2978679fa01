package shellcmd

import "strings"

// perlModules is the code perl's -M and -m options (and those PERL5OPT gives it) put before
// the program: -MNAME is use NAME; and -mNAME use NAME ();, -M-NAME no NAME;. What follows an
// = is quoted by perl itself (q\0…\0) and runs nothing, but what precedes it is code:
// perl -M'5;system q{rm -rf ~}' -e1 runs rm as surely as perl -e 'system q{rm -rf ~}' does.
func perlModules(cmd Command) []string {
	values := optionValues(cmd.Args, "-M", "-m")
	for _, e := range cmd.Env {
		opts, ok := strings.CutPrefix(e.Value, "PERL5OPT=")
		if !ok || e.Dynamic {
			continue
		}
		var args []Arg
		for _, f := range strings.Fields(opts) {
			args = append(args, Arg{Value: f})
		}
		values = append(values, optionValues(args, "-M", "-m")...)
	}
	var code []string
	for _, v := range values {
		if v.Dynamic {
			continue // an option only known when the line runs is unresolved where clusterCode reads it
		}
		name, _, _ := strings.Cut(v.Value, "=")
		use := "use "
		if n, ok := strings.CutPrefix(name, "-"); ok {
			use, name = "no ", n
		}
		code = append(code, use+name+";")
	}
	return code
}
