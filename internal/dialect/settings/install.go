package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Install merges hookrun's entries into the agent's settings file under
// root (see Merge) and, unless dryRun, writes it back when it changed. The
// Result says what was, or would be, written.
func Install(a Agent, root string, o Options, dryRun bool) (Result, error) {
	path := filepath.Join(root, a.File)
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Result{}, fmt.Errorf("reading %s: %w", a.File, err)
	}
	res, err := Merge(a, old, o)
	if err != nil || dryRun || !res.Changed {
		return res, err
	}
	if err := writeFileAtomic(path, res.Data); err != nil {
		return Result{}, fmt.Errorf("writing %s: %w", a.File, err)
	}
	return res, nil
}

// writeFileAtomic replaces path in one rename, so the agent never reads a
// half-written settings file; an existing file keeps its mode.
func writeFileAtomic(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".hookrun-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
