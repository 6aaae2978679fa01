package shellcmd

import (
	"path"
	"strings"
)

// maxLinks caps the links one line makes that are followed; past it the paths are unknown.
const maxLinks = 32

// link notes that the line makes link (a symbolic link, a bind mount) lead to target, both as
// name takes paths: a path through it reaches target, which no file on disk shows before the
// line runs (ln -s scripts x && rm x/hooks/guard.sh).
func (r *reader) link(link, target string) {
	link, linkKnown := tilde(link)
	target, targetKnown := tilde(target)
	if !linkKnown || !targetKnown || link == "" || target == "" {
		return // name reported them unknown
	}
	add := func(l, t string) {
		if len(r.links) == maxLinks {
			r.pathsUnknown("the line makes more than %d links, whose paths hookrun does not follow", maxLinks)
			return
		}
		r.links = append(r.links, Copy{From: path.Clean(l), To: path.Clean(t)})
	}
	add(link, target)
	if r.dir != "" {
		add(under(r.dir, link), under(r.dir, target))
	}
}

// finishLinks names, for each path of the line through a link it makes, the path the link leads
// to, following links to links, once the whole line is read (a loop may make the link after the
// path is named).
func (r *reader) finishLinks() {
	if len(r.links) == 0 {
		return
	}
	for i := 0; i < len(r.out.Unpacks) && i < 4*maxLinks; i++ { // an archive unpacked through a link lands where it leads
		u := r.out.Unpacks[i]
		for _, l := range r.links {
			if rest, ok := strings.CutPrefix(path.Clean(u.Dir), l.From); ok && (rest == "" || rest[0] == '/') {
				r.out.Unpacks = append(r.out.Unpacks, Unpack{Dir: l.To + rest, By: u.By})
			}
		}
	}
	for _, in := range []list{pathList, treeList} {
		from := 0
		for round := 0; round <= len(r.links); round++ {
			ps := r.out.Paths
			if in == treeList {
				ps = r.out.TreePaths
			}
			to := len(ps)
			if from == to {
				break
			}
			for _, p := range ps[from:to] {
				clean := path.Clean(p)
				for _, l := range r.links {
					if rest, ok := strings.CutPrefix(clean, l.From); ok && (rest == "" || rest[0] == '/') {
						r.addPath(l.To+rest, in)
					}
				}
			}
			from = to
		}
	}
}
