package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Two packings of the same files are the same bytes, whatever order the
// files come in: a release can be rebuilt and checked against its sums.
func TestArchivesAreReproducible(t *testing.T) {
	mtime := time.Unix(1795412621, 0)
	a := []file{{"hookrun", []byte("binary"), 0o755}, {"README.md", []byte("# hookrun\n"), 0o644}}
	b := []file{a[1], a[0]}
	for name, pack := range map[string]func([]file, time.Time) ([]byte, error){"tar.gz": TarGz, "zip": Zip} {
		x, err := pack(a, mtime)
		if err != nil {
			t.Fatal(err)
		}
		y, _ := pack(b, mtime)
		if !bytes.Equal(x, y) {
			t.Errorf("%s: two packings of the same files differ", name)
		}
		later, _ := pack(a, mtime.Add(time.Hour))
		if bytes.Equal(x, later) {
			t.Errorf("%s: the commit time is not in the archive", name)
		}
	}
	data, _ := TarGz(a, mtime)
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Name != "" || !zr.ModTime.IsZero() {
		t.Errorf("gzip header holds name %q, time %v", zr.Name, zr.ModTime)
	}
	tr := tar.NewReader(zr)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Uid != 0 || h.Gid != 0 || !h.ModTime.Equal(mtime) {
			t.Errorf("%s: uid %d gid %d time %v", h.Name, h.Uid, h.Gid, h.ModTime)
		}
		names = append(names, h.Name)
	}
	if len(names) != 2 || names[0] != "README.md" || names[1] != "hookrun" {
		t.Errorf("members %v, want README.md, hookrun in name order", names)
	}
}

// What npm/build.sh takes out of an archive is the binary packed into it,
// byte for byte, from a zip as from a tar.gz.
func TestExtractGivesBackTheMember(t *testing.T) {
	dir := t.TempDir()
	files := []file{{"hookrun.exe", []byte("MZ binary"), 0o755}, {"README.md", []byte("# hookrun\n"), 0o644}}
	for name, pack := range map[string]func([]file, time.Time) ([]byte, error){"a.zip": Zip, "a.tar.gz": TarGz} {
		data, err := pack(files, time.Unix(1795412621, 0))
		if err != nil {
			t.Fatal(err)
		}
		archive := filepath.Join(dir, name)
		if err := os.WriteFile(archive, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name+".bin")
		if err := Extract(archive, "hookrun.exe", out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, _ := os.ReadFile(out); string(got) != "MZ binary" {
			t.Errorf("%s: extracted %q, want %q", name, got, "MZ binary")
		}
		if err := Extract(archive, "hookrun", out); err == nil {
			t.Errorf("%s: extracting a member it lacks succeeded", name)
		}
	}
}
