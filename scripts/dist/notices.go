package main

import (
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// NoticesName is the archive member that carries the licences of what the
// binary links: Go's own (BSD-3-Clause, for the runtime and standard
// library) and each module's. BSD, MIT and Apache all ask for their notice
// in binary distributions.
const NoticesName = "THIRD_PARTY_LICENSES"

// Module is one linked module and its licence files (LICENSE, COPYING,
// NOTICE, PATENTS, in name order).
type Module struct {
	Path, Version string
	Files         []file
}

const (
	ruleHeavy = "================================================================================"
	ruleLight = "--------------------------------------------------------------------------------"
)

// Notices renders THIRD_PARTY_LICENSES: Go first, then the modules in path
// order, each as a heavy rule, a "PATH VERSION" line, and each licence file
// under a light rule. Its bytes depend only on its input.
func Notices(goVersion string, goFiles []file, mods []Module) []byte {
	var b bytes.Buffer
	b.WriteString("hookrun is licensed under the Apache License 2.0 (LICENSE). The binary also\n" +
		"contains the software below, each under its own licence, reproduced here as\n" +
		"those licences ask of a binary distribution.\n")
	section := func(title string, files []file) {
		fmt.Fprintf(&b, "\n%s\n%s\n", ruleHeavy, title)
		for _, f := range files {
			fmt.Fprintf(&b, "%s\n%s:\n\n", ruleLight, f.name)
			b.Write(f.data)
			if !bytes.HasSuffix(f.data, []byte("\n")) {
				b.WriteByte('\n')
			}
		}
	}
	section("go "+strings.TrimPrefix(goVersion, "go")+" (Go's runtime and standard library)", goFiles)
	sorted := slices.Clone(mods)
	slices.SortFunc(sorted, func(a, b Module) int { return strings.Compare(a.Path, b.Path) })
	for _, m := range sorted {
		section(m.Path+" "+m.Version, m.Files)
	}
	return b.Bytes()
}

// NoticeTitles lists the section titles of a THIRD_PARTY_LICENSES file:
// the line after each heavy rule.
func NoticeTitles(notices []byte) []string {
	var titles []string
	lines := strings.Split(string(notices), "\n")
	for i := 0; i+1 < len(lines); i++ {
		if lines[i] == ruleHeavy {
			titles = append(titles, lines[i+1])
		}
	}
	return titles
}

// LinkedModules reads the modules a Go binary was built with from its
// build information (what `go version -m` prints), replacements applied.
func LinkedModules(bin []byte) (goVersion string, mods []Module, err error) {
	info, err := buildinfo.Read(bytes.NewReader(bin))
	if err != nil {
		return "", nil, fmt.Errorf("reading the binary's build information: %v", err)
	}
	for _, d := range info.Deps {
		if d.Replace != nil {
			d = d.Replace
		}
		mods = append(mods, Module{Path: d.Path, Version: d.Version})
	}
	return info.GoVersion, mods, nil
}

// licenceFiles reads the licence and notice files at the top of a module's
// directory; a module without one is an error, since its terms would then
// be unknown.
func licenceFiles(dir string) ([]file, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []file
	for _, e := range entries {
		up := strings.ToUpper(e.Name())
		if !e.Type().IsRegular() || strings.HasSuffix(up, ".GO") || !(strings.HasPrefix(up, "LICENSE") || strings.HasPrefix(up, "LICENCE") ||
			strings.HasPrefix(up, "COPYING") || strings.HasPrefix(up, "NOTICE") || strings.HasPrefix(up, "PATENTS")) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, file{e.Name(), data, 0o644})
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s holds no LICENSE, COPYING or NOTICE file", dir)
	}
	return sorted(files), nil
}

// licences fills in each module's licence files from the module cache
// (go mod download puts a module there if a build has not) and reads Go's
// from GOROOT. dirs caches module directories across platforms.
type licences struct {
	dirs map[string]string // "path@version" -> directory
}

func (l *licences) notices(bin []byte) ([]byte, error) {
	goVersion, mods, err := LinkedModules(bin)
	if err != nil {
		return nil, err
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	goFiles, err := licenceFiles(goroot)
	if err != nil {
		return nil, err
	}
	goFiles = slices.DeleteFunc(goFiles, func(f file) bool { return f.name != "LICENSE" && f.name != "PATENTS" })
	var missing []string
	for _, m := range mods {
		if _, ok := l.dirs[m.Path+"@"+m.Version]; !ok {
			missing = append(missing, m.Path+"@"+m.Version)
		}
	}
	if err := l.download(missing); err != nil {
		return nil, err
	}
	for i, m := range mods {
		files, err := licenceFiles(l.dirs[m.Path+"@"+m.Version])
		if err != nil {
			return nil, fmt.Errorf("module %s %s: %v", m.Path, m.Version, err)
		}
		mods[i].Files = files
	}
	return Notices(goVersion, goFiles, mods), nil
}

func (l *licences) download(mods []string) error {
	if l.dirs == nil {
		l.dirs = map[string]string{}
	}
	if len(mods) == 0 {
		return nil
	}
	cmd := exec.Command("go", append([]string{"mod", "download", "-json"}, mods...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go mod download %s: %v", strings.Join(mods, " "), err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var m struct{ Path, Version, Dir, Error string }
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return fmt.Errorf("go mod download -json: %v", err)
		}
		if m.Error != "" || m.Dir == "" {
			return fmt.Errorf("go mod download %s@%s: %s", m.Path, m.Version, m.Error)
		}
		l.dirs[m.Path+"@"+m.Version] = m.Dir
	}
	return nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
