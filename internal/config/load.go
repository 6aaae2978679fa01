package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Set is every declaration found in a hooks directory.
type Set struct {
	Hooks    []*Hook   // valid hooks, in merge order (event, priority, id)
	Findings []Finding // every problem, sorted by file and position
	Files    []string  // every declaration file read, sorted
	Invalid  []string  // files with at least one error, sorted
	// Parsed holds every file's hook as far as it could be decoded,
	// valid or not, in file order; validate's file-system checks use it.
	Parsed []*Hook
}

// HooksFor returns the valid hooks of one event, in merge order.
func (s *Set) HooksFor(ev string) []*Hook {
	var out []*Hook
	for _, h := range s.Hooks {
		if string(h.Event) == ev {
			out = append(out, h)
		}
	}
	return out
}

// IsDeclFile reports whether name is a declaration file name.
func IsDeclFile(name string) bool {
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
}

// Files lists the declaration files under dir, sorted. A missing dir has
// none. Like filepath.WalkDir it descends into subdirectories but does not
// follow symlinks to directories; it sorts once at the end rather than
// each directory's entries.
func Files(dir string) ([]string, error) {
	var files []string
	if err := walk(dir, &files); err != nil {
		if errors.Is(err, fs.ErrNotExist) && len(files) == 0 {
			if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
				return nil, nil
			}
		}
		return nil, fmt.Errorf("reading hooks directory: %w", err)
	}
	slices.Sort(files)
	return files, nil
}

func walk(dir string, files *[]string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return err
	}
	for _, e := range entries {
		switch {
		case e.IsDir():
			if err := walk(filepath.Join(dir, e.Name()), files); err != nil {
				return err
			}
		case IsDeclFile(e.Name()):
			*files = append(*files, filepath.Join(dir, e.Name()))
		}
	}
	return nil
}

// Load reads and validates every declaration under dir. The error is for a
// directory that cannot be read at all; problems in files are findings.
func Load(dir string) (*Set, error) {
	files, err := Files(dir)
	if err != nil {
		return nil, err
	}
	parsed := make([]FileResult, len(files))
	all := make([]int, len(files))
	for i := range all {
		all[i] = i
	}
	ParseAll(files, parsed, all)
	return Assemble(files, parsed), nil
}

// ParseAll parses the files at the given indexes, spread over the CPUs.
// Each result goes to its own slot, so the order is the files' order.
func ParseAll(files []string, parsed []FileResult, which []int) {
	Spread(which, func(i int) { parsed[i] = ReadFile(files[i]) })
}

// Spread calls do for each index, on as many goroutines as there are CPUs
// when there is enough to share. Each call writes only its own index's
// slot, so the results keep the files' order.
func Spread(indexes []int, do func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), len(indexes)/64+1)
	if workers <= 1 {
		for _, i := range indexes {
			do(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				k := int(next.Add(1)) - 1
				if k >= len(indexes) {
					return
				}
				do(indexes[k])
			}
		})
	}
	wg.Wait()
}

// FileResult is what one file yields on its own, before cross-file checks.
type FileResult struct {
	Hook     *Hook // nil when the file declares no hook that could be decoded
	Findings []Finding
}

// ReadFile reads and decodes one declaration file.
func ReadFile(path string) FileResult {
	data, err := os.ReadFile(path)
	if err != nil {
		return FileResult{Findings: []Finding{{File: path, Line: 1, Col: 1, Severity: Error,
			Message: "cannot read file: " + unwrapPath(err).Error()}}}
	}
	h, fs := ParseFile(path, data)
	return FileResult{h, fs}
}

// Assemble adds the cross-file checks (duplicate ids) and sorts.
func Assemble(files []string, parsed []FileResult) *Set {
	s := &Set{Files: files}
	byID := map[string]int{}
	bad := make([]bool, len(parsed))
	for i, p := range parsed {
		s.Findings = append(s.Findings, p.Findings...)
		bad[i] = HasErrors(p.Findings) || p.Hook == nil
		if p.Hook != nil {
			s.Parsed = append(s.Parsed, p.Hook)
		}
		if p.Hook == nil || p.Hook.ID == "" {
			continue
		}
		j, dup := byID[p.Hook.ID]
		if !dup {
			byID[p.Hook.ID] = i
			continue
		}
		first := parsed[j].Hook
		s.Findings = append(s.Findings,
			dupFinding(first, p.Hook),
			dupFinding(p.Hook, first))
		bad[i], bad[j] = true, true
	}
	for i, p := range parsed {
		if bad[i] {
			s.Invalid = append(s.Invalid, files[i])
		} else {
			s.Hooks = append(s.Hooks, p.Hook)
		}
	}
	Sort(s.Hooks)
	sortFindings(s.Findings)
	return s
}

func dupFinding(h, other *Hook) Finding {
	return Finding{File: h.File, Line: h.Pos.Line, Col: h.Pos.Col, Severity: Error, HookID: h.ID,
		Message: fmt.Sprintf("duplicate id %q: also declared at %%s", h.ID),
		Related: &Place{other.File, other.Pos.Line, other.Pos.Col}}
}
