package config

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// Files lists the declaration files under dir, sorted. A missing dir has none.
func Files(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			if path == dir && os.IsNotExist(err) {
				return fs.SkipAll
			}
			return err
		}
		if !e.IsDir() && IsDeclFile(e.Name()) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading hooks directory: %w", err)
	}
	slices.Sort(files)
	return files, nil
}

// Load reads and validates every declaration under dir. The error is for a
// directory that cannot be read at all; problems in files are findings.
func Load(dir string) (*Set, error) {
	files, err := Files(dir)
	if err != nil {
		return nil, err
	}
	parsed := make([]parsedFile, len(files))
	for i, f := range files {
		parsed[i] = parseFile(f)
	}
	return assemble(files, parsed), nil
}

// parsedFile is what one file yields on its own, before cross-file checks.
type parsedFile struct {
	hook     *Hook
	findings []Finding
}

func parseFile(path string) parsedFile {
	data, err := os.ReadFile(path)
	if err != nil {
		return parsedFile{findings: []Finding{{File: path, Line: 1, Col: 1, Severity: Error,
			Message: "cannot read file: " + unwrapPath(err).Error()}}}
	}
	h, fs := ParseFile(path, data)
	return parsedFile{h, fs}
}

// assemble adds the cross-file checks (duplicate ids) and sorts.
func assemble(files []string, parsed []parsedFile) *Set {
	s := &Set{Files: files}
	byID := map[string]int{}
	bad := make([]bool, len(parsed))
	for i, p := range parsed {
		s.Findings = append(s.Findings, p.findings...)
		bad[i] = HasErrors(p.findings) || p.hook == nil
		if p.hook != nil {
			s.Parsed = append(s.Parsed, p.hook)
		}
		if p.hook == nil || p.hook.ID == "" {
			continue
		}
		j, dup := byID[p.hook.ID]
		if !dup {
			byID[p.hook.ID] = i
			continue
		}
		first := parsed[j].hook
		s.Findings = append(s.Findings,
			dupFinding(first, p.hook),
			dupFinding(p.hook, first))
		bad[i], bad[j] = true, true
	}
	for i, p := range parsed {
		if bad[i] {
			s.Invalid = append(s.Invalid, files[i])
		} else {
			s.Hooks = append(s.Hooks, p.hook)
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
