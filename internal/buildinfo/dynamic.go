package buildinfo

import "debug/elf"

// Dynamic reports whether the program at path is an ELF executable that
// names a dynamic loader: a hookrun built with cgo (a plain go build on a
// machine with a C compiler, since net then uses the C resolver). The
// loader runs the libraries LD_PRELOAD names before any code of the
// program's own, and a repository can set LD_PRELOAD for the hooks an
// agent runs (a .env Gemini CLI loads, Claude Code's settings env), so
// such a hookrun can be made to answer whatever that library likes. A
// program that is not ELF (a script, a Mach-O or PE file) is not judged:
// false.
func Dynamic(path string) bool {
	f, err := elf.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return true
		}
	}
	return false
}
