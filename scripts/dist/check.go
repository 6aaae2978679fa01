package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Check verifies the release directory dir: each archive in SHA256SUMS
// has that sum and holds exactly the binary, the repository's README.md
// and LICENSE (as they are now), and a THIRD_PARTY_LICENSES whose
// sections are Go and exactly the modules the binary was built with.
func Check(dir string, w io.Writer) error {
	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		return err
	}
	docs := map[string][]byte{}
	for _, name := range Docs {
		if docs[name], err = os.ReadFile(name); err != nil {
			return err
		}
	}
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(sums))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			return fmt.Errorf("SHA256SUMS: malformed line %q", sc.Text())
		}
		if err := checkArchive(filepath.Join(dir, name), sum, docs); err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return fmt.Errorf("%s: SHA256SUMS lists no archive", dir)
	}
	fmt.Fprintf(w, "dist -check: %d archives match SHA256SUMS and each holds the binary, %s and %s naming exactly its modules\n",
		n, strings.Join(Docs, ", "), NoticesName)
	return nil
}

func checkArchive(path, sum string, docs map[string][]byte) error {
	name := filepath.Base(path)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if got := fmt.Sprintf("%x", sha256.Sum256(data)); got != sum {
		return fmt.Errorf("%s: sha256 %s, SHA256SUMS says %s", name, got, sum)
	}
	files, err := Members(path)
	if err != nil {
		return err
	}
	exe := Exe("")
	if strings.HasSuffix(name, ".zip") {
		exe = Exe("windows")
	}
	want := append([]string{exe, NoticesName}, Docs...)
	slices.Sort(want)
	got := map[string][]byte{}
	var names []string
	for _, f := range files {
		got[f.name] = f.data
		names = append(names, f.name)
	}
	if !slices.Equal(names, want) {
		return fmt.Errorf("%s: members %v, want %v", name, names, want)
	}
	for doc, data := range docs {
		if !bytes.Equal(got[doc], data) {
			return fmt.Errorf("%s: %s differs from the repository's", name, doc)
		}
	}
	goVersion, mods, err := LinkedModules(got[exe])
	if err != nil {
		return fmt.Errorf("%s: %s: %v", name, exe, err)
	}
	wantTitles := []string{"go " + strings.TrimPrefix(goVersion, "go") + " (Go's runtime and standard library)"}
	for _, m := range mods {
		wantTitles = append(wantTitles, m.Path+" "+m.Version)
	}
	slices.Sort(wantTitles[1:])
	if titles := NoticeTitles(got[NoticesName]); !slices.Equal(titles, wantTitles) {
		return fmt.Errorf("%s: %s covers %q, but %s links %q", name, NoticesName, titles, exe, wantTitles)
	}
	return nil
}
