package shellcmd

import (
	"slices"
	"strings"
)

// wrapperDirs lists, for the wrappers that run their command elsewhere, the options that set its
// working directory (dir: a letter and long names) and those that give it another root (root).
// nsenter's -w and --wd take their value attached only (-wDIR, --wd=DIR).
var wrapperDirs = []struct {
	name              string
	dir, root         string // short letters
	dirLong, rootLong []string
	attached          bool // a short option's value is only ever attached
}{
	{name: "env", dir: "C", dirLong: []string{"--chdir"}},
	{name: "genv", dir: "C", dirLong: []string{"--chdir"}},
	{name: "sudo", dir: "D", root: "R", dirLong: []string{"--chdir"}, rootLong: []string{"--chroot"}},
	{name: "unshare", dir: "w", root: "R", dirLong: []string{"--wd"}, rootLong: []string{"--root"}},
	{name: "nsenter", dir: "w", root: "r", dirLong: []string{"--wd"}, rootLong: []string{"--root"}, attached: true},
	{name: "systemd-run", dirLong: []string{"--working-directory"}},
	{name: "wsl", dirLong: []string{"--cd"}},
}

// wrapperDir reads where a wrapper runs its command: the directory its options name (nil when
// none) and the root they give it. opts are the wrapper's own words, before the command.
func wrapperDir(cmd Command, opts []Arg) (dir, root *Arg) {
	if cmd.Name == "chroot" {
		for i := 0; i < len(opts); i++ {
			if opts[i].Dynamic || !strings.HasPrefix(opts[i].Value, "-") {
				return nil, &opts[i]
			}
			if opts[i].Value == "--userspec" || opts[i].Value == "--groups" {
				i++ // the option's value
			}
		}
		return nil, nil
	}
	for _, w := range wrapperDirs {
		if w.name != cmd.Name {
			continue
		}
		for i := 0; i < len(opts); i++ {
			v := opts[i].Value
			if opts[i].Dynamic || !strings.HasPrefix(v, "-") || v == "--" {
				continue
			}
			next := func() *Arg {
				if i+1 < len(opts) {
					return &opts[i+1]
				}
				return nil
			}
			if strings.HasPrefix(v, "--") {
				name, value, hasValue := strings.Cut(v, "=")
				var to **Arg
				switch {
				case slices.Contains(w.dirLong, name):
					to = &dir
				case slices.Contains(w.rootLong, name):
					to = &root
				default:
					continue
				}
				switch {
				case hasValue:
					*to = &Arg{Value: value}
				case !w.attached:
					*to = next()
				}
				continue
			}
			for j := 1; j < len(v); j++ {
				var to **Arg
				switch {
				case w.dir != "" && v[j] == w.dir[0]:
					to = &dir
				case w.root != "" && v[j] == w.root[0]:
					to = &root
				default:
					continue
				}
				switch {
				case j+1 < len(v):
					*to = &Arg{Value: v[j+1:]}
				case !w.attached:
					*to = next()
				}
				break
			}
		}
	}
	return dir, root
}
