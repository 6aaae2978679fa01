package buildinfo

import (
	"encoding/binary"
	"io"
	"os"
)

// Dynamic reports whether the program at path is an ELF executable that
// names a dynamic loader: a hookrun built with cgo (a plain go build on a
// machine with a C compiler, since net then uses the C resolver). The
// loader runs the libraries LD_PRELOAD names before any code of the
// program's own, and a repository can set LD_PRELOAD for the hooks an
// agent runs (a .env Gemini CLI loads, Claude Code's settings env), so
// such a hookrun can be made to answer whatever that library likes. A
// program that is not ELF (a script, a Mach-O or PE file) is not judged:
// false.
//
// Only the file's header and program headers are read, by hand: debug/elf
// would link debug/dwarf and a zstd decoder into hookrun, whose package
// initialisation every event paid for this one question of install's.
func Dynamic(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var h [64]byte
	if _, err := io.ReadFull(f, h[:52]); err != nil || string(h[:4]) != "\x7fELF" || h[6] != 1 {
		return false
	}
	var order binary.ByteOrder
	switch h[5] {
	case 1:
		order = binary.LittleEndian
	case 2:
		order = binary.BigEndian
	default:
		return false
	}
	var off int64
	var size, n, want int
	switch h[4] {
	case 1: // 32-bit
		off = int64(order.Uint32(h[28:]))
		size, n, want = int(order.Uint16(h[42:])), int(order.Uint16(h[44:])), 32
	case 2: // 64-bit
		if _, err := io.ReadFull(f, h[52:]); err != nil {
			return false
		}
		off = int64(order.Uint64(h[32:]))
		size, n, want = int(order.Uint16(h[54:])), int(order.Uint16(h[56:])), 56
	default:
		return false
	}
	// A program header too small, an offset past int64, or more headers
	// than fit in 1 MiB (0xffff means the count is elsewhere): no program
	// hookrun's install is about looks like that; debug/elf refuses the
	// first two too.
	if n == 0 || size < want || off < 0 || n == 0xffff || n*size > 1<<20 {
		return false
	}
	progs := make([]byte, n*size)
	if _, err := f.ReadAt(progs, off); err != nil {
		return false
	}
	const ptInterp = 3
	for i := 0; i < len(progs); i += size {
		if order.Uint32(progs[i:]) == ptInterp {
			return true
		}
	}
	return false
}
