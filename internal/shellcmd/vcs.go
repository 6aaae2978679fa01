package shellcmd

import "strings"

// vcsWrites reads a jj, Mercurial (hg, Sapling's sl) or Subversion command: one that may rewrite
// the work tree (jj edit, new REV, restore, undo; hg update, revert, import; svn update) brings
// files of a revision hookrun does not ask these tools about, so its paths are only known when it
// runs. Commands that leave the work tree alone (status, log, diff, commit, push, …) name their
// operands only. What git does is read by gitWrites and gitRevisions.
func (r *reader) vcsWrites(name string, args []Arg) {
	var subs []string
	for i := 0; i < len(args) && len(subs) < 2; i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			return // the path is unknown already
		case a.Value == "--ignore-working-copy" && name == "jj":
			return
		case vcsValueOption(name, a.Value):
			i++
		case strings.HasPrefix(a.Value, "-"):
		default:
			subs = append(subs, a.Value)
		}
	}
	if len(subs) > 0 && subs[0] == "archive" && (name == "hg" || name == "sl") {
		r.vcsArchive(name, args)
		return
	}
	if len(subs) == 0 || vcsKeepsWorkTree(name, subs, args) {
		return
	}
	what := subs[0]
	switch what {
	case "op", "operation", "git", "file", "workspace": // jj's groups: name the command in the group
		if len(subs) > 1 {
			what += " " + subs[1]
		}
	}
	r.pathsUnknown("%s %s may change the working copy's files to a revision's, only known when it runs", name, what)
	r.rewrites(name + " " + what)
}

// vcsArchive: hg archive [-t files] DEST writes a revision's files into DEST (an old one, from a
// repository's history, holding other hooks), unless its type, given or taken from DEST's
// extension, is an archive file.
func (r *reader) vcsArchive(name string, args []Arg) {
	typ := optionValue(args, "t", "type", "")
	var ops []string
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case vcsValueOption(name, v) || v == "-r" || v == "--rev" || v == "-t" || v == "--type" || v == "-p" ||
			v == "--prefix" || v == "-I" || v == "--include" || v == "-X" || v == "--exclude":
			i++
		case args[i].Dynamic || !strings.HasPrefix(v, "-"):
			ops = append(ops, v)
		}
	}
	if len(ops) < 2 {
		return
	}
	dest := ops[len(ops)-1]
	for _, ext := range []string{".tar", ".tbz2", ".tgz", ".tar.bz2", ".tar.gz", ".tar.zst", ".tzst", ".zip", ".uzip"} {
		if typ == "" && strings.HasSuffix(dest, ext) {
			return
		}
	}
	if typ == "" || typ == "files" {
		r.unpack(name+" archive", dest)
	}
}

// vcsValueOption reports whether opt is one of the tool's global options that takes the next word
// as its value (jj -R DIR, hg --cwd DIR).
func vcsValueOption(name, opt string) bool {
	switch name + " " + opt {
	case "jj -R", "jj --repository", "jj --at-op", "jj --at-operation", "jj --color", "jj --config",
		"jj --config-toml", "jj --config-file", "jj -m", "jj --message", "jj -r", "jj --revision",
		"hg -R", "hg --repository", "hg --cwd", "hg --config", "hg --encoding", "hg --color", "hg --pager",
		"sl -R", "sl --repository", "sl --cwd", "sl --config",
		"svn --username", "svn --password", "svn --config-dir", "svn --config-option", "svn -m", "svn --message":
		return true
	}
	return false
}

// vcsKeepsWorkTree reports whether the subcommand (with its own subcommand, if any) leaves the
// work tree's files as they are.
func vcsKeepsWorkTree(name string, subs []string, args []Arg) bool {
	second := ""
	if len(subs) > 1 {
		second = subs[1]
	}
	switch name {
	case "jj":
		switch subs[0] {
		case "log", "status", "st", "diff", "show", "describe", "desc", "commit", "ci", "evolog", "obslog",
			"interdiff", "help", "version", "root", "cat", "files", "bookmark", "b", "branch", "tag",
			"config", "sign", "unsign", "duplicate":
			return true
		case "new": // a new empty change on top of the working copy's: no revision named
			return second == ""
		case "op", "operation":
			return second == "log" || second == "show" || second == "diff"
		case "git":
			return second == "fetch" || second == "push" || second == "remote" || second == "export" || second == "clone"
		case "file":
			return second == "show" || second == "list" || second == "annotate" || second == "search"
		case "workspace":
			return second == "list" || second == "root"
		case "resolve":
			return hasShort(args, "l") || hasLong(args, "list")
		}
	case "hg", "sl":
		switch subs[0] {
		case "status", "st", "log", "diff", "cat", "annotate", "blame", "summary", "sum", "identify", "id",
			"heads", "parents", "branches", "bookmarks", "bookmark", "tags", "paths", "config", "showconfig",
			"help", "version", "root", "files", "locate", "grep", "incoming", "in", "outgoing", "out", "push",
			"commit", "ci", "add", "forget", "addremove", "copy", "cp", "rename", "mv", "remove", "rm", "tip",
			"verify", "manifest", "export", "bundle", "archive", "phase", "branch", "clone", "init", "tag", "show",
			"smartlog", "sl", "ssl", "web", "cloud":
			return true
		case "pull":
			return !hasShort(args, "u") && !hasLong(args, "update", "rebase")
		case "resolve", "shelve":
			return hasShort(args, "l") || hasLong(args, "list")
		}
	case "svn":
		switch subs[0] {
		case "status", "st", "stat", "log", "diff", "di", "info", "list", "ls", "cat", "blame", "praise",
			"annotate", "ann", "help", "add", "delete", "del", "remove", "rm", "copy", "cp", "move", "mv",
			"commit", "ci", "propget", "pg", "proplist", "pl", "mkdir", "lock", "unlock", "import", "mergeinfo":
			return true
		}
	}
	return false
}
