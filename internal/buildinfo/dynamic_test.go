package buildinfo

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

func TestDynamic(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	static := filepath.Join(dir, "static")
	build := exec.Command("go", "build", "-o", static, src)
	build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script := filepath.Join(dir, "script")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path string
		want bool
	}{
		{static, false},
		{script, false},
		{filepath.Join(dir, "missing"), false},
	}
	// A dynamically linked ELF program: the shell, on Linux.
	if runtime.GOOS == "linux" {
		cases = append(cases, struct {
			path string
			want bool
		}{"/bin/sh", true})
	}
	for _, c := range cases {
		if got := Dynamic(c.path); got != c.want {
			t.Errorf("Dynamic(%s) = %v, want %v", c.path, got, c.want)
		}
	}
}

// elfDynamic is what Dynamic answered when it used debug/elf.
func elfDynamic(path string) bool {
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

// TestDynamicAsDebugELF holds Dynamic's own reading of the program headers
// to debug/elf's: over the programs and libraries of the machine, this
// test's own binary, and ELF files of each class and byte order written
// here, with and without a loader, whole and cut short.
func TestDynamicAsDebugELF(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for _, class := range []elf.Class{elf.ELFCLASS32, elf.ELFCLASS64} {
		for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			for _, interp := range []bool{false, true} {
				b := elfFile(class, order, interp)
				for _, cut := range []int{len(b), len(b) - 1, len(b) - 30, 60, 52, 40, 4, 0} {
					p := filepath.Join(dir, fmt.Sprintf("%v-%v-%v-%d", class, order, interp, cut))
					if err := os.WriteFile(p, b[:cut], 0o755); err != nil {
						t.Fatal(err)
					}
					if cut == len(b) && elfDynamic(p) != interp {
						t.Fatalf("debug/elf reads %s wrong: the file written is not what it should be", p)
					}
					paths = append(paths, p)
				}
			}
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	paths = append(paths, self)
	for _, d := range []string{"/bin", "/usr/bin", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"} {
		entries, _ := os.ReadDir(d)
		for i, e := range entries {
			if i < 300 && e.Type().IsRegular() {
				paths = append(paths, filepath.Join(d, e.Name()))
			}
		}
	}
	dynamic := 0
	for _, p := range paths {
		want := elfDynamic(p)
		if got := Dynamic(p); got != want {
			t.Errorf("Dynamic(%s) = %v, debug/elf says %v", p, got, want)
		}
		if want {
			dynamic++
		}
	}
	if dynamic < 4 {
		t.Errorf("only %d of %d files name a loader: the comparison proves little", dynamic, len(paths))
	}
}

// elfFile is a small ELF executable of the class and byte order given, with
// a PT_LOAD and, when interp, a PT_INTERP program header.
func elfFile(class elf.Class, order binary.ByteOrder, interp bool) []byte {
	// Where the two classes keep the fields written here, and how wide an
	// address is.
	l := struct {
		hdr, phSize, phoff, phentsize, pOff, pFilesz int
		machine                                      elf.Machine
		word                                         func([]byte, uint64)
	}{52, 32, 28, 42, 4, 16, elf.EM_386, func(b []byte, v uint64) { order.PutUint32(b, uint32(v)) }}
	if class == elf.ELFCLASS64 {
		l.hdr, l.phSize, l.phoff, l.phentsize, l.pOff, l.pFilesz, l.machine = 64, 56, 32, 54, 8, 32, elf.EM_X86_64
		l.word = func(b []byte, v uint64) { order.PutUint64(b, v) }
	}
	b := make([]byte, l.hdr+2*l.phSize+16)
	copy(b, elf.ELFMAG)
	b[elf.EI_CLASS], b[elf.EI_VERSION] = byte(class), byte(elf.EV_CURRENT)
	b[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	if order == binary.BigEndian {
		b[elf.EI_DATA] = byte(elf.ELFDATA2MSB)
	}
	order.PutUint16(b[16:], uint16(elf.ET_EXEC))
	order.PutUint16(b[18:], uint16(l.machine))
	order.PutUint32(b[20:], uint32(elf.EV_CURRENT))
	l.word(b[l.phoff:], uint64(l.hdr))
	order.PutUint16(b[l.phentsize-2:], uint16(l.hdr)) // e_ehsize
	order.PutUint16(b[l.phentsize:], uint16(l.phSize))
	order.PutUint16(b[l.phentsize+2:], 2) // e_phnum
	second := elf.PT_NOTE
	if interp {
		second = elf.PT_INTERP
	}
	for i, typ := range []elf.ProgType{elf.PT_LOAD, second} {
		ph := b[l.hdr+i*l.phSize:]
		order.PutUint32(ph, uint32(typ))
		l.word(ph[l.pOff:], uint64(l.hdr+2*l.phSize))
		l.word(ph[l.pFilesz:], 16)
	}
	return b
}
