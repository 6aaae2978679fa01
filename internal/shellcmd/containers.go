package shellcmd

import (
	"slices"
	"strings"
)

// containerTools are the programs that run a container with directories of this machine bound
// into it (docker run -v SRC:DST).
var containerTools = []string{"docker", "podman", "nerdctl"}

// mount is a directory or file of this machine (src) a container sees at dst.
type mount struct{ src, dst string }

// finishMounts names, for each path the line names beneath where a container sees a bind mount
// of this machine's (a line read by the container's command, or any other), the file of this
// machine it reaches: docker run -v ./.system:/s alpine rm -rf /s/hooks removes .system/hooks,
// which no word of the line names. A read-only mount changes nothing and is left out.
func (r *reader) finishMounts() {
	if len(r.mounts) == 0 {
		return
	}
	mapped := func(p string) []string {
		var out []string
		for _, m := range r.mounts {
			if rest, ok := strings.CutPrefix(p, m.dst); ok && (rest == "" || rest[0] == '/') {
				out = append(out, m.src+rest)
			}
		}
		return out
	}
	paths, trees := r.out.Paths, r.out.TreePaths
	for _, p := range paths {
		for _, h := range mapped(p) {
			r.path(h)
		}
	}
	for _, p := range trees {
		r.trees(mapped(p)...)
	}
}

// containerMounts are the writable bind mounts of a container command's options (run and create,
// also as container run): -v and --volume SRC:DST[:OPTIONS], --mount type=bind,src=SRC,dst=DST.
// A source that is no path of this machine (a named volume) is left out.
func containerMounts(cmd Command) []mount {
	if !slices.Contains(containerTools, cmd.Name) {
		return nil
	}
	var out []mount
	sub := false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		v := a.Value
		if !strings.HasPrefix(v, "-") {
			// An option's value is not told from the image here: every word after run is read,
			// and a -v among the container's own words names a mount only if it reads as one.
			sub = sub || v == "run" || v == "create"
			continue
		}
		var spec, kind string
		switch {
		case v == "-v" || v == "--volume" || v == "--mount":
			if i+1 < len(cmd.Args) {
				i++
				spec, kind = cmd.Args[i].Value, v
			}
		case strings.HasPrefix(v, "--volume="), strings.HasPrefix(v, "--mount="):
			kind, spec, _ = strings.Cut(v, "=")
		case strings.HasPrefix(v, "-v") && len(v) > 2:
			kind, spec = "-v", strings.TrimPrefix(v[2:], "=")
		}
		if !sub || spec == "" {
			continue
		}
		var m mount
		var readOnly bool
		if kind == "--mount" {
			m, readOnly = mountOption(spec)
		} else {
			m, readOnly = volumeOption(spec)
		}
		if m.src != "" && m.dst != "" && !readOnly && hostPath(m.src) {
			out = append(out, m)
		}
	}
	return out
}

// volumeOption reads -v SRC:DST[:OPTIONS]; a source of C:\x (Windows) keeps its drive.
func volumeOption(spec string) (m mount, readOnly bool) {
	drive := ""
	if len(spec) > 2 && ('a' <= spec[0]|0x20 && spec[0]|0x20 <= 'z') && spec[1] == ':' && (spec[2] == '\\' || spec[2] == '/') {
		drive, spec = spec[:2], spec[2:]
	}
	parts := strings.Split(spec, ":")
	if len(parts) < 2 {
		return mount{}, false // an anonymous volume: DST alone
	}
	for _, o := range strings.Split(strings.Join(parts[2:], ":"), ",") {
		readOnly = readOnly || o == "ro" || o == "readonly"
	}
	return mount{src: drive + parts[0], dst: strings.TrimSuffix(parts[1], "/")}, readOnly
}

// mountOption reads --mount type=bind,src=SRC,dst=DST[,readonly].
func mountOption(spec string) (m mount, readOnly bool) {
	bind := false
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "type":
			bind = v == "bind"
		case "src", "source":
			m.src = v
		case "dst", "destination", "target":
			m.dst = strings.TrimSuffix(v, "/")
		case "readonly", "ro":
			readOnly = v == "" || v == "true" || v == "1"
		}
	}
	if !bind {
		return mount{}, false
	}
	return m, readOnly
}

// hostPath reports whether a mount's source names a file of this machine, not a named volume.
func hostPath(src string) bool {
	return strings.ContainsAny(src, `/\`) || strings.HasPrefix(src, ".") || strings.HasPrefix(src, "~")
}
