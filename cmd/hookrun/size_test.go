package main

import (
	"debug/elf"
	"debug/gosym"
	"os"
	"strings"
	"testing"
)

// TestNoTemplateExecution holds that nothing hookrun links can execute a
// text/template (a cobra version, help or usage template): executing one
// calls methods by name, which makes the linker keep every exported method
// of every type, 1.8 MB of a 13 MB binary that every event pays to start
// (docs/performance.md). The test binary links what hookrun links, and
// its function table (kept when go test strips the symbols) says what the
// linker kept.
func TestNoTemplateExecution(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Skipf("not an ELF binary (%v): the symbols are read only on Linux", err)
	}
	defer f.Close()
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		t.Skip("no .gopclntab or .text section")
	}
	data, err := pcln.Data()
	if err != nil {
		t.Fatal(err)
	}
	table, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range table.Funcs {
		if strings.HasPrefix(fn.Name, "text/template.(*state).") {
			t.Fatalf("%s is linked: something executes a text/template (a cobra Set*Template?), and the binary keeps every exported method", fn.Name)
		}
	}
	if len(table.Funcs) == 0 {
		t.Fatal("the function table lists no functions: the test reads it wrong")
	}
}
