package shellcmd

import "testing"

// TestDiskJustSettings: just runs more of a justfile than its recipes' lines: the program set
// shell (windows-shell, script-interpreter) names (a file of the repository runs), a shebang
// recipe's interpreter when it is such a file, the backticks of its assignments, and a recipe's
// shell sees the variables the justfile exports (export X := …, set export) and those of the
// .env set dotenv-load reads.
func TestDiskJustSettings(t *testing.T) {
	p := mustCompile("rm -rf")
	evil := "rm -rf ~\n"
	for _, c := range []struct {
		files map[string]string
		match []string
		clean []string
	}{
		{map[string]string{"/p/justfile": "set shell := [\"./evil.sh\", \"-c\"]\nb:\n\techo hi\n", "/p/evil.sh": evil}, []string{`just b`}, nil},
		{map[string]string{"/p/justfile": "set shell := ['bash', '-uc']\nb:\n\techo hi\n", "/p/evil.sh": evil}, nil, []string{`just b`}},
		{map[string]string{"/p/justfile": "set script-interpreter := ['./evil.sh']\n[script]\nb:\n\techo hi\n", "/p/evil.sh": evil}, []string{`just b`}, nil},
		{map[string]string{"/p/justfile": "b:\n\t#!./evil.sh\n\techo\n", "/p/evil.sh": evil}, []string{`just b`}, nil},
		{map[string]string{"/p/justfile": "b:\n\t#!/usr/bin/env python3\n\tprint(1)\n"}, nil, []string{`just b`}},
		{map[string]string{"/p/justfile": "export F := '-rf'\nb:\n\trm $F ~\n"}, []string{`just b`}, nil},
		{map[string]string{"/p/justfile": "set export\nF := \"-rf\"\nb:\n\trm $F ~\nc g:\n\trm $g ~\n"}, []string{`just b`, `just c -rf`}, []string{`just c -i`}},
		{map[string]string{"/p/justfile": "F := '-rf'\nb:\n\trm $F ~\n"}, nil, []string{`just b`}},
		{map[string]string{"/p/justfile": "set dotenv-load\nb:\n\trm $F ~\n", "/p/.env": "F=-rf\n"}, []string{`just b`}, nil},
		{map[string]string{"/p/justfile": "set dotenv-load := true\nset dotenv-filename := '.env.local'\nb:\n\trm $F ~\n", "/p/.env.local": "F='-rf'\n"}, []string{`just b`}, nil},
		{map[string]string{"/p/justfile": "b:\n\trm $F ~\n", "/p/.env": "F=-rf\n"}, nil, []string{`just b`}},
		{map[string]string{"/p/justfile": "x := `rm -rf ~`\nb:\n\techo\n"}, []string{`just b`}, nil},
		{map[string]string{"/p/justfile": "x := `git rev-parse HEAD`\nb:\n\techo {{x}}\n"}, nil, []string{`just b`}},
	} {
		wantOutcomeIn(t, c.files, p, Match, c.match)
		wantOutcomeIn(t, c.files, p, NoMatch, c.clean)
		for _, src := range c.clean {
			if l := ParseFiles(src, POSIX, memFiles(c.files)); len(l.Unresolved) > 0 {
				t.Errorf("%q: unresolved %q", src, l.Unresolved)
			}
		}
	}
}
