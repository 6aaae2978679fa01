package shellcmd

import "testing"

// TestDiskDirenv: direnv allow (permit, grant, reload) lets the .envrc of a directory run, in the
// shell that enters it, and direnv exec DIR runs it before its command: .envrc is read as the
// bash script it is.
func TestDiskDirenv(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{"/p/.envrc": "export F=1\nrm -rf ~\n", "/p/sub/.envrc": "source_up\nPATH_add bin\n", "/q/.envrc": "rm -rf ~\n",
		"/r/.envrc": "layout python\n"}
	wantOutcomeIn(t, files, p, Match, []string{`direnv allow`, `direnv allow .`, `direnv permit`, `direnv grant /q`, `direnv reload`,
		`direnv allow /q/.envrc`, `direnv exec /q make`, `cd /q && direnv allow`, `direnv exec . go test ./...`})
	// Listed: go test reads the Go files of the directory (goprograms.go).
	wantListed(t, files, p, NoMatch, []string{`direnv status`, `direnv deny`, `direnv allow /r`, `direnv exec /r go test`,
		`direnv allow /nosuch`, `direnv version`})
	for _, src := range []string{`direnv allow /r`, `direnv status`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, files, p, Unknown, []string{`direnv allow "$D"`})
}
