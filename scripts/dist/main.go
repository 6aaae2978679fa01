// Command dist builds hookrun's release archives, reproducibly: static
// binaries for each platform, each packed with README.md, LICENSE and
// THIRD_PARTY_LICENSES (the licences of Go and of every module linked into
// that binary, read from its build information and the module cache) into
// a .tar.gz (.zip for Windows) whose bytes depend only on the commit, and a
// SHA256SUMS file.
//
//	go run ./scripts/dist -out dist [-version v1.2.3] [-targets linux/amd64,darwin/arm64]
//	go run ./scripts/dist -check dist
//	go run ./scripts/dist -extract hookrun_1.2.3_windows_amd64.zip -member hookrun.exe -o FILE
//
// -check verifies a release directory: every archive matches its
// SHA256SUMS line and holds exactly the binary, README.md, LICENSE (this
// repository's) and a THIRD_PARTY_LICENSES naming exactly the modules the
// binary was built with.
//
// -extract copies one member out of a release archive (npm/build.sh
// takes the binaries from them): unzip is not on every machine.
//
// A script of tar and gzip flags would do most of it, but zip has no
// such flags and tar's differ between GNU and BSD; Go's archive packages
// write the same bytes everywhere.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Targets are the platforms a release carries. The Windows builds keep
// their guarantees with their own means (job objects, handle-relative
// opens): docs/guarantees.md says where they differ.
var Targets = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

func main() {
	out := flag.String("out", "dist", "directory to write the archives and SHA256SUMS into (with -extract, the file to write)")
	version := flag.String("version", "", "the version to stamp (default: git describe)")
	targets := flag.String("targets", strings.Join(Targets, ","), "comma-separated GOOS/GOARCH list")
	extract := flag.String("extract", "", "a release archive to copy one member out of, to -o")
	member := flag.String("member", "hookrun", "with -extract, the member to copy")
	check := flag.String("check", "", "a release directory to verify")
	flag.Parse()
	var err error
	switch {
	case *check != "":
		err = Check(*check, os.Stdout)
	case *extract != "":
		err = Extract(*extract, *member, *out)
	default:
		err = run(*out, *version, strings.Split(*targets, ","))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

// Docs are the repository's files every archive carries beside the binary
// and THIRD_PARTY_LICENSES.
var Docs = []string{"README.md", "LICENSE"}

// Exe is the binary's name in the archive for goos.
func Exe(goos string) string {
	if goos == "windows" {
		return "hookrun.exe"
	}
	return "hookrun"
}

func run(out, version string, targets []string) error {
	var docs []file
	for _, name := range Docs {
		data, err := os.ReadFile(name)
		if os.IsNotExist(err) {
			return fmt.Errorf("%s is missing: every release archive carries it", name)
		}
		if err != nil {
			return err
		}
		docs = append(docs, file{name, data, 0o644})
	}
	if version == "" {
		v, err := git("describe", "--tags", "--always", "--dirty")
		if err != nil {
			return err
		}
		version = v
	}
	epoch, err := git("log", "-1", "--format=%ct")
	if err != nil {
		return err
	}
	sec, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil {
		return fmt.Errorf("commit time %q: %v", epoch, err)
	}
	mtime := time.Unix(sec, 0).UTC()
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var lic licences
	var sums []string
	for _, t := range targets {
		goos, goarch, ok := strings.Cut(t, "/")
		if !ok {
			return fmt.Errorf("target %q: want GOOS/GOARCH", t)
		}
		bin, err := build(goos, goarch, version)
		if err != nil {
			return err
		}
		notices, err := lic.notices(bin)
		if err != nil {
			return fmt.Errorf("%s: %s: %v", t, NoticesName, err)
		}
		exe := Exe(goos)
		files := append([]file{{exe, bin, 0o755}, {NoticesName, notices, 0o644}}, docs...)
		base := fmt.Sprintf("hookrun_%s_%s_%s", strings.TrimPrefix(version, "v"), goos, goarch)
		var data []byte
		if goos == "windows" {
			base += ".zip"
			data, err = Zip(files, mtime)
		} else {
			base += ".tar.gz"
			data, err = TarGz(files, mtime)
		}
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, base), data, 0o644); err != nil {
			return err
		}
		sums = append(sums, fmt.Sprintf("%x  %s", sha256.Sum256(data), base))
		fmt.Printf("%s  %d bytes\n", base, len(data))
	}
	slices.Sort(sums)
	return os.WriteFile(filepath.Join(out, "SHA256SUMS"), []byte(strings.Join(sums, "\n")+"\n"), 0o644)
}

// build compiles a static, stripped hookrun for one platform, with no
// build id or path that would differ between two builds of one commit.
func build(goos, goarch, version string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "hookrun-dist-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "hookrun")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -buildid= -X main.version="+version, "-o", bin, "./cmd/hookrun")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch, "GOFLAGS=-buildvcs=true", "GOEXPERIMENT="+goExperiment())
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building for %s/%s: %v", goos, goarch, err)
	}
	return os.ReadFile(bin)
}

// goExperiment is the GOEXPERIMENT make build sets (see the Makefile's
// GOEXP): nogreenteagc while the toolchain still accepts it, else none.
func goExperiment() string {
	cmd := exec.Command("go", "env", "GOEXPERIMENT")
	cmd.Env = append(os.Environ(), "GOEXPERIMENT=nogreenteagc")
	if cmd.Run() != nil {
		return ""
	}
	return "nogreenteagc"
}

func git(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// file is one archive member.
type file struct {
	name string
	data []byte
	mode int64
}

// TarGz packs files, in name order, with fixed times, owners and a gzip
// header that holds no name or time: the same input gives the same bytes.
func TarGz(files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	for _, f := range sorted(files) {
		h := &tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.data)), ModTime: mtime,
			Typeflag: tar.TypeReg, Uname: "root", Gname: "root", Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Zip packs files the same way, for Windows.
func Zip(files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range sorted(files) {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(os.FileMode(f.mode))
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := io.Copy(w, bytes.NewReader(f.data)); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func sorted(files []file) []file {
	out := slices.Clone(files)
	slices.SortFunc(out, func(a, b file) int { return strings.Compare(a.name, b.name) })
	return out
}

// Extract writes the member named member of the archive at path (a
// .tar.gz or a .zip from Zip) to the file out, executable.
func Extract(path, member, out string) error {
	files, err := Members(path)
	if err != nil {
		return err
	}
	for _, f := range files {
		if f.name == member {
			return os.WriteFile(out, f.data, 0o755)
		}
	}
	return fmt.Errorf("%s: no member %s", path, member)
}

// Members reads every member of a .tar.gz or .zip, in archive order.
func Members(path string) ([]file, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var files []file
	if strings.HasSuffix(path, ".zip") {
		files, err = zipMembers(data)
	} else {
		files, err = tarGzMembers(data)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return files, nil
}

func zipMembers(data []byte) ([]file, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	var files []file
	for _, zf := range zr.File {
		r, err := zf.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			return nil, err
		}
		files = append(files, file{zf.Name, b, int64(zf.Mode().Perm())})
	}
	return files, nil
}

func tarGzMembers(data []byte) ([]file, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	var files []file
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		files = append(files, file{h.Name, b, h.Mode})
	}
}
