package gitchanges

import (
	"context"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Deleted looks for a directory named sub (slash-separated, as
// ".system/hooks") at dir or above it, up to the top of the work tree
// holding dir, that the work tree lacks but git holds files of, in the
// index or at HEAD: one deleted without a commit saying so. It returns
// the nearest such directory and its files, relative to dir, or "" when
// there is none, when dir is in no work tree, or when git is not
// installed: then nothing is known to be deleted. A git that fails in the
// work tree is an error: breaking the index is as easy as deleting the
// hooks, and must not let a deletion pass unseen.
//
// hookrun asks only once it found no hooks directory: a guard's
// declarations removed by a program no guard reads (a script, an
// interpreter) must not turn every guard off unseen.
func Deleted(ctx context.Context, dir, sub string) (string, []string, error) {
	var cands []string
	for d, rel := filepath.Clean(dir), "."; ; d, rel = filepath.Dir(d), path.Join(rel, "..") {
		cands = append(cands, path.Join(rel, sub))
		if gitEntry(d) {
			break
		}
		if filepath.Dir(d) == d {
			return "", nil, nil
		}
	}
	run, err := gitIn(ctx, dir)
	if err != nil {
		return "", nil, nil // no git on PATH: a machine without it is not blocked everywhere
	}
	args := append([]string{"--"}, cands...)
	index, err := run(append([]string{"ls-files", "-z", "--cached"}, args...)...)
	if err != nil {
		return "", nil, err
	}
	files := splitZ(index)
	// Before the first commit there is no HEAD: the index alone says.
	if head, err := run(append([]string{"ls-tree", "-r", "-z", "--name-only", Head}, args...)...); err == nil {
		files = append(files, splitZ(head)...)
	}
	for _, c := range cands {
		var in []string
		for _, f := range files {
			if strings.HasPrefix(f, c+"/") {
				in = append(in, f)
			}
		}
		if len(in) > 0 {
			slices.Sort(in)
			return c, slices.Compact(in), nil
		}
	}
	return "", nil, nil
}
