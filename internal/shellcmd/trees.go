package shellcmd

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// writes lists what a command may change beyond the operands it names (Line.TreePaths and
// Line.Paths): the directories beneath which it may change any file, a recursive rm, chmod or
// find's start points, and the directory an archive, a patch or a copy of a directory's contents
// is unpacked into; and the path a file moved or copied into a directory gets there.
func (r *reader) writes(cmd Command, redirs []*syntax.Redirect) {
	ops := staticOperands(cmd.Args)
	r.derived(cmd, ops)
	switch cmd.Name {
	case "rm", "chmod", "chown", "chgrp", "chattr", "setfacl":
		if hasShort(cmd.Args, "rR") || hasLong(cmd.Args, "recursive") {
			r.trees(ops...)
		}
	case "find":
		if !findWrites(cmd.Args) {
			break
		}
		runs := findRuns(cmd.Args)
		if f, ok := findFilter(cmd.Args); ok {
			f.Runs = runs
			for _, start := range findStarts(cmd.Args) {
				r.findIn(start, f)
			}
			break
		}
		r.trees(findStarts(cmd.Args)...)
		if runs {
			for _, start := range findStarts(cmd.Args) {
				r.findIn(start, Find{Deep: true, Runs: true})
			}
		}
	case "cp", "mv", "rsync", "install", "ln", "scp":
		r.copyTargets(cmd, ops)
	case "tar", "bsdtar", "gtar":
		oldStyle := len(cmd.Args) > 0 && !strings.HasPrefix(cmd.Args[0].Value, "-") // tar xPf a.tar
		if hasShort(cmd.Args, "x") || hasLong(cmd.Args, "extract", "get") || oldStyle && strings.Contains(cmd.Args[0].Value, "x") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "C", "directory", "."))
			if hasShort(cmd.Args, "P") || hasLong(cmd.Args, "absolute-names") || oldStyle && strings.Contains(cmd.Args[0].Value, "P") {
				r.anywhere(cmd.Name + " -P")
			}
		}
	case "unzip", "bsdunzip":
		if !hasShort(cmd.Args, "lptvzZ") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "d", "", "."))
			if slices.ContainsFunc(cmd.Args, func(a Arg) bool { return strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, ":") }) {
				r.anywhere("unzip -:")
			}
		}
	case "cpio", "bsdcpio":
		if hasShort(cmd.Args, "i") || hasLong(cmd.Args, "extract") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "D", "directory", "."))
			if !hasLong(cmd.Args, "no-absolute-filenames") {
				r.anywhere("cpio -i")
			}
		} else if (hasShort(cmd.Args, "p") || hasLong(cmd.Args, "pass-through")) && len(ops) > 0 {
			// cpio -p DIR copies the files its standard input names beneath DIR, under those
			// names: (cd /tmp/evil && find .) | cpio -pdm . writes any file of the project.
			r.unpack(cmd.Name, ops[len(ops)-1])
		}
	case "pax":
		if hasShort(cmd.Args, "r") {
			r.unpack(cmd.Name, ".")
			r.anywhere("pax -r")
		}
	case "jar":
		if len(cmd.Args) > 0 && strings.Contains(strings.TrimLeft(cmd.Args[0].Value, "-"), "x") || hasLong(cmd.Args, "extract") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "C", "dir", "."))
		}
	case "xar":
		if hasShort(cmd.Args, "x") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "C", "", "."))
		}
	case "ditto": // macOS: copies a directory's contents (or, with -x, an archive's) into the last operand
		if len(ops) > 1 {
			r.trees(ops[len(ops)-1])
		}
	case "robocopy", "xcopy": // Windows: copy a directory's contents into the second operand (robocopy /MIR deletes there)
		if len(ops) > 1 {
			r.trees(ops[1])
		}
	case "rclone":
		if len(ops) > 2 {
			switch ops[0] {
			case "sync", "copy", "move", "copyto", "moveto", "bisync":
				r.trees(ops[len(ops)-1])
			}
		}
	case "7z", "7za", "7zr", "7zz":
		if len(ops) > 0 && (ops[0] == "x" || ops[0] == "e") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "o", "", "."))
			if slices.ContainsFunc(cmd.Args, func(a Arg) bool { return a.Value == "-spf" || a.Value == "-spf2" }) {
				r.anywhere("7z -spf")
			}
		}
	case "ar": // ar x: members land in the directory it runs in (or --output's)
		if arExtracts(cmd.Args) {
			r.unpack(cmd.Name, optionValue(cmd.Args, "", "output", "."))
		}
	case "unrar", "rar": // unrar x|e ARCHIVE [FILES] [DEST/]
		if len(ops) > 1 && (ops[0] == "x" || ops[0] == "e") {
			dest := "."
			if last := ops[len(ops)-1]; len(ops) > 2 && (strings.HasSuffix(last, "/") || strings.HasSuffix(last, `\`)) {
				dest = last
			}
			r.unpack(cmd.Name, dest)
		}
	case "unar", "cabextract", "lha", "lhasa", "dpkg", "dpkg-deb", "unsquashfs":
		r.unpackers(cmd, ops)
	case "mount": // mount --bind SRC DST: DST shows SRC, as a symbolic link would
		opt := optionValue(cmd.Args, "o", "options", "")
		var mops []string
		for i, a := range cmd.Args { // operands, the values of -o and -t left out
			if !a.Dynamic && !strings.HasPrefix(a.Value, "-") && (i == 0 || cmd.Args[i-1].Value != "-o" && cmd.Args[i-1].Value != "-t" && cmd.Args[i-1].Value != "--options" && cmd.Args[i-1].Value != "--types") {
				mops = append(mops, a.Value)
			}
		}
		if len(mops) == 2 && (hasShort(cmd.Args, "B") || hasLong(cmd.Args, "bind", "rbind") || strings.Contains(","+opt+",", ",bind,") || strings.Contains(","+opt+",", ",rbind,")) {
			r.link(mops[1], mops[0])
		}
	case "patch":
		// In a program's string, patch reading its diff from standard input applies what the
		// program feeds it: files only known when it runs, which quietly does not count. Such a
		// string is far more often an HTTP method or a version part ("patch") than a command.
		if r.quiet == 0 || redirected(redirs, "0") || optionValue(cmd.Args, "i", "input", "") != "" {
			r.trees(optionValue(cmd.Args, "d", "directory", "."))
			if patchRewrites(cmd.Args) {
				r.rewrites("patch")
			}
		}
	case "git":
		r.gitWrites(cmd.Args)
	case "jj", "hg", "sl", "svn":
		r.vcsWrites(cmd.Name, cmd.Args)
	case "gh", "glab":
		// gh pr checkout, glab mr checkout, gh repo sync: fetch commits and check them out.
		if ops := staticOperands(cmd.Args); len(ops) > 1 && (ops[1] == "checkout" || ops[0] == "repo" && ops[1] == "sync") {
			r.pathsUnknown("%s %s %s changes the work tree to commits it fetches when it runs", cmd.Name, ops[0], ops[1])
			r.rewrites(cmd.Name + " " + ops[0] + " " + ops[1])
		}
	case "docker", "podman", "nerdctl", "kubectl", "oc":
		r.containerCopy(cmd)
	case "aws", "gsutil", "wget", "az", "restic", "borg", "sftp", "ostree", "curl", "http", "https", "xh", "xhs", "aria2c":
		r.downloads(cmd, ops)
	default:
		if programLang(cmd.Name) == langPython {
			r.pythonUnpack(cmd.Args)
		}
	}
}

// curlValueLetters are curl's short options that take a value: in a cluster (-sSo x, -uJohn), the
// rest of the word, or the next word, is that value.
const curlValueLetters = "AbcCdDeEFHKmoPQrtTuUwxXyYz"

// curlServerNames reports whether curl is given -J (--remote-header-name), read as curl reads
// its options: a J inside another option's value (-uJohn, -H J) is none.
func curlServerNames(args []Arg) bool {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return false
		case v == "--remote-header-name":
			return true
		case args[i].Dynamic || strings.HasPrefix(v, "--") || !strings.HasPrefix(v, "-"):
		default:
			for j, c := range v[1:] {
				if c == 'J' {
					return true
				}
				if strings.ContainsRune(curlValueLetters, c) {
					if j == len(v)-2 {
						i++ // the value is the next word
					}
					break
				}
			}
		}
	}
	return false
}

// containerCopy: docker cp CONTAINER:SRC DEST (podman's, nerdctl's, container cp) and kubectl
// cp POD:SRC DEST (oc's) copy a directory out of a container under names only the container
// holds, which its image (a repository's Dockerfile) chose: an unpack into DEST.
func (r *reader) containerCopy(cmd Command) {
	var ops []Arg
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		switch v := a.Value; {
		case a.Dynamic || !strings.HasPrefix(v, "-") || v == "-":
			ops = append(ops, a)
		case !strings.Contains(v, "=") && slices.Contains([]string{"-c", "--container", "-n", "--namespace", "--retries",
			"--context", "-H", "--host", "--config", "--kubeconfig", "--cluster", "--user", "-s", "--server", "--log-level", "-l"}, v):
			i++
		}
	}
	switch {
	case len(ops) > 2 && ops[0].Value == "cp":
		ops = ops[1:]
	case len(ops) > 3 && ops[0].Value == "container" && ops[1].Value == "cp":
		ops = ops[2:]
	default:
		return
	}
	if len(ops) != 2 || !containerPath(ops[0].Value) || containerPath(ops[1].Value) || ops[1].Value == "-" {
		return
	}
	r.unpack(cmd.Name+" cp", ops[1].Value)
}

// downloads: a recursive download of a remote tree lands under names only the remote side holds
// (a bucket, a site the repository names): aws s3 sync|cp|mv --recursive REMOTE DIR, gsutil
// rsync, cp -r REMOTE DIR, wget -r|-m (into -P's directory), az storage blob download-batch -d
// DIR, sftp HOST:PATH DIR; and so does a backup or a tree restored (restic restore, borg
// extract, ostree checkout). An unpack into DIR.
func (r *reader) downloads(cmd Command, ops []string) {
	// s3://, gs://, https://
	remote := func(p string) bool { return strings.Contains(p, "://") }
	into := func(i int) { // the operands from i are SRC DST
		if len(ops) == i+2 && remote(ops[i]) && !remote(ops[i+1]) && ops[i+1] != "-" {
			r.unpack(cmd.Name, ops[i+1])
		}
	}
	recursive := hasShort(cmd.Args, "rR") || hasLong(cmd.Args, "recursive")
	switch cmd.Name {
	case "aws":
		if len(ops) > 1 && ops[0] == "s3" && (ops[1] == "sync" || (ops[1] == "cp" || ops[1] == "mv") && hasLong(cmd.Args, "recursive")) {
			into(2)
		}
	case "gsutil":
		if len(ops) > 0 && (ops[0] == "rsync" || (ops[0] == "cp" || ops[0] == "mv") && recursive) {
			into(1)
		}
	case "wget": // or one file named by the server (Content-Disposition, a redirect's target)
		if hasShort(cmd.Args, "rm") || hasLong(cmd.Args, "recursive", "mirror", "content-disposition", "trust-server-names") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "P", "directory-prefix", "."))
		}
	case "curl": // -J|--remote-header-name: the file is named by the server's Content-Disposition
		if curlServerNames(cmd.Args) {
			r.unpack(cmd.Name, optionValue(cmd.Args, "", "output-dir", "."))
		}
	case "http", "https", "xh", "xhs": // HTTPie's and xh's --download with no --output: named by the server
		if (hasShort(cmd.Args, "d") || hasLong(cmd.Args, "download")) && optionValue(cmd.Args, "o", "output", "") == "" {
			r.unpack(cmd.Name, ".")
		}
	case "aria2c": // with no -o, the server's Content-Disposition names the file, in -d's directory
		if optionValue(cmd.Args, "o", "out", "") == "" {
			r.unpack(cmd.Name, optionValue(cmd.Args, "d", "dir", "."))
		}
	case "az":
		if len(ops) > 2 && ops[0] == "storage" && ops[1] == "blob" && ops[2] == "download-batch" {
			r.unpack(cmd.Name, optionValue(cmd.Args, "d", "destination", "."))
		}
	case "restic": // restic restore SNAPSHOT --target DIR
		if slices.Contains(ops, "restore") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "t", "target", "."))
		}
	case "borg": // borg extract ARCHIVE: into the working directory
		if len(ops) > 0 && ops[0] == "extract" {
			r.unpack(cmd.Name, ".")
		}
	case "sftp": // sftp [-r] HOST:PATH [DIR] fetches PATH into DIR
		if len(ops) > 0 && remotePath(ops[0]) && len(ops) < 3 {
			dir := "."
			if len(ops) == 2 {
				dir = ops[1]
			}
			r.unpack(cmd.Name, dir)
		}
	case "ostree": // ostree checkout COMMIT DIR
		if len(ops) > 2 && ops[0] == "checkout" {
			r.unpack(cmd.Name, ops[len(ops)-1])
		}
	}
}

// containerPath reports whether a cp operand names a path in a container (NAME:PATH, a pod's
// NAMESPACE/POD:PATH), not one of this machine (a local path holding a colon starts with / or .,
// and C:\x is a drive).
func containerPath(p string) bool {
	name, _, ok := strings.Cut(p, ":")
	return ok && len(name) > 1 && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, ".") && !strings.HasPrefix(p, "~")
}

// arExtracts reports whether ar's operation key (its first word that is no long option) holds x.
func arExtracts(args []Arg) bool {
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case args[i].Dynamic:
			return false
		case v == "--output" || v == "--plugin" || v == "--target":
			i++
		case strings.HasPrefix(v, "--"):
		default:
			return strings.Contains(strings.TrimLeft(v, "-"), "x")
		}
	}
	return false
}

// unpackers: more programs that unpack an archive into a directory.
func (r *reader) unpackers(cmd Command, ops []string) {
	switch cmd.Name {
	case "unar":
		r.unpack(cmd.Name, optionValue(cmd.Args, "o", "output-directory", "."))
	case "cabextract":
		if !hasShort(cmd.Args, "lt") && !hasLong(cmd.Args, "list", "test", "pipe") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "d", "directory", "."))
		}
	case "lha", "lhasa": // lha x|e[w=DIR] ARCHIVE
		if len(ops) > 0 && strings.ContainsAny(strings.TrimLeft(ops[0], "-"), "xe") {
			dest := "."
			if _, w, ok := strings.Cut(ops[0], "w="); ok {
				dest = w
			}
			r.unpack(cmd.Name, dest)
		}
	case "dpkg", "dpkg-deb": // -x|--extract|-R|--raw-extract DEB DIR
		if (hasShort(cmd.Args, "xXR") || hasLong(cmd.Args, "extract", "vextract", "raw-extract")) && len(ops) > 1 {
			r.unpack(cmd.Name, ops[len(ops)-1])
		}
	case "unsquashfs":
		if !hasShort(cmd.Args, "lsi") && !hasLong(cmd.Args, "ls", "lls", "stat", "info") {
			r.unpack(cmd.Name, optionValue(cmd.Args, "d", "dest", "squashfs-root"))
		}
	}
}

// pythonUnpack: python -m zipfile -e ZIP DIR and python -m tarfile -e TAR [DIR] unpack an
// archive as unzip and tar -x do, under names only the archive holds (a zip a repository ships
// may hold .system/hooks/guard.yaml), and write over a file there in place.
func (r *reader) pythonUnpack(args []Arg) {
	mod, rest, ok := pythonModule(args)
	if !ok || mod.Value != "zipfile" && mod.Value != "tarfile" {
		return
	}
	extract := false
	var ops []string
	for i := 0; i < len(rest); i++ {
		switch v := rest[i].Value; {
		case v == "-e" || v == "--extract":
			extract = true
		case v == "--filter" || v == "--metadata-encoding":
			i++
		case strings.HasPrefix(v, "-") && !rest[i].Dynamic:
		default:
			ops = append(ops, v)
		}
	}
	switch {
	case !extract:
	case len(ops) > 1:
		r.unpack("python -m "+mod.Value, ops[1])
	case mod.Value == "tarfile":
		r.unpack("python -m tarfile", ".")
	}
}

// gitWrites: the git commands that write the work tree from content no operand names (a patch,
// the index, an object, a stash, a reset --hard to another commit) are read as changing anything
// beneath it, checkout's and restore's pathspecs anything beneath them, and a pathspec from the top
// (:/x, :(top)x) that path from the work tree's top. Those that make it match another commit
// (switching branches, merge, rebase) are read by gitRevisions.
func (r *reader) gitWrites(args []Arg) {
	dir, sub := ".", -1
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			r.gitOthers++
			r.rewrites("git " + args[i].Value)
			return // the subcommand is only known when the line runs: its paths are unknown already
		case (v == "-C" || v == "--work-tree") && i+1 < len(args):
			dir = under(dir, args[i+1].Value)
			i++
		case strings.HasPrefix(v, "--work-tree="):
			dir = under(dir, strings.TrimPrefix(v, "--work-tree="))
		case v == "-c" || v == "--git-dir" || v == "--namespace":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			sub = i
		}
		if sub >= 0 {
			break
		}
	}
	if sub < 0 {
		return
	}
	if !readOnlyGit(args[sub].Value) {
		r.gitOthers++
	}
	r.gitRevisions(dir, args[sub].Value, args[:sub], args[sub+1:])
	opts := args[sub+1:]
	if gitRewrites(args[sub].Value, opts) {
		r.rewrites(gitRewriteName(args[sub].Value, opts))
	}
	rest := staticOperands(opts)
	switch args[sub].Value {
	case "add", "rm", "mv", "checkout", "restore", "apply", "am", "stash", "clean", "reset", "update-index",
		"checkout-index", "merge-file":
		if dir != "." { // git -C DIR rm x removes DIR/x
			for _, p := range rest {
				r.name(under(dir, p), pathList)
			}
		}
	}
	switch args[sub].Value {
	case "clean":
		// It deletes the untracked files beneath its pathspecs, the whole tree without one; -n
		// only lists them.
		dry, specs := gitCleanScope(opts)
		switch {
		case dry:
		case len(specs) == 0:
			r.trees(dir)
		default:
			for _, p := range specs {
				r.trees(under(dir, pathspecDir(p)))
			}
		}
	case "apply", "am", "checkout-index", "read-tree", "update-index", "sparse-checkout":
		// sparse-checkout set|add|reapply|disable removes or restores every tracked file outside
		// its patterns.
		if args[sub].Value != "sparse-checkout" || len(rest) == 0 || rest[0] != "list" {
			r.trees(dir)
		}
	case "rebase":
		// From the root commit every commit is replayed, and an edited todo may drop any of them.
		if hasLong(opts, "root") {
			r.trees(dir)
		}
	case "reset":
		if hasLong(opts, "hard", "merge", "keep") {
			r.trees(dir)
		}
	case "stash":
		// pop, apply and branch write a stash into the work tree; a push with -u or -a deletes the
		// untracked (or ignored) files it stashes, hooks not yet committed among them.
		if len(rest) > 0 && (rest[0] == "pop" || rest[0] == "apply" || rest[0] == "branch") ||
			hasShort(opts, "ua") || hasLong(opts, "include-untracked", "all") {
			r.trees(dir)
		}
		r.pathspecs(dir, opts)
	case "checkout", "restore", "switch":
		// A forced checkout throws away the uncommitted changes of tracked files, as reset --hard.
		if args[sub].Value != "restore" && (hasShort(opts, "f") || hasLong(opts, "force", "discard-changes")) {
			r.trees(dir)
		}
		if args[sub].Value == "switch" {
			break // its operands are branches and commits, read by gitRevisions
		}
		for _, p := range rest { // a pathspec names what lies beneath it (magic ones below)
			if !strings.HasPrefix(p, ":") {
				r.trees(under(dir, pathspecDir(p)))
			}
		}
	case "rm":
		// git rm -r DIR removes what lies beneath DIR, and a pattern, which git matches against
		// every tracked path, what lies beneath its directory.
		recursive := hasShort(opts, "r") || hasLong(opts, "recursive")
		if hasLong(opts, "cached") { // the index only
			break
		}
		for _, p := range rest {
			if recursive || p != pathspecDir(p) && !strings.HasPrefix(p, ":") {
				r.trees(under(dir, pathspecDir(p)))
			}
		}
	}
	for _, a := range opts {
		if rest, ok := strings.CutPrefix(a.Value, ":/"); ok {
			r.trees(under(dir, pathspecDir(rest)))
		} else if _, rest, ok := strings.Cut(a.Value, ")"); ok && strings.HasPrefix(a.Value, ":(") {
			r.trees(under(dir, pathspecDir(rest)))
		}
	}
}

// gitCleanScope reads git clean's options: dry when -n or --dry-run only lists what it would
// delete, and the pathspecs it deletes beneath (none: the whole tree). An exclude pattern (-e X,
// -eX, -fdeX, --exclude[=]X) is not one; a word only known when the line runs may be anything,
// so there are then no pathspecs to go by.
func gitCleanScope(opts []Arg) (dry bool, specs []string) {
	for i := 0; i < len(opts); i++ {
		a := opts[i]
		v := a.Value
		switch {
		case a.Dynamic:
			return false, nil
		case v == "--":
			for _, o := range opts[i+1:] {
				if o.Dynamic {
					return false, nil
				}
				specs = append(specs, o.Value)
			}
			return dry, specs
		case strings.HasPrefix(v, "--"):
			name, _, hasValue := strings.Cut(v[2:], "=")
			switch {
			case name != "" && strings.HasPrefix("dry-run", name):
				dry = true
			case name != "" && strings.HasPrefix("exclude", name) && !hasValue:
				i++
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				if v[j] == 'n' {
					dry = true
				}
				if v[j] == 'e' {
					if j == len(v)-1 {
						i++ // -e X
					}
					break // -eX: the rest is the pattern
				}
			}
		default:
			specs = append(specs, v)
		}
	}
	return dry, specs
}

// pathspecs: the pathspecs after -- of git stash push, each naming what lies beneath it (the
// stash reverts them to the last commit).
func (r *reader) pathspecs(dir string, opts []Arg) {
	for i, a := range opts {
		if a.Value == "--" && !a.Dynamic {
			for _, p := range staticOperands(opts[i+1:]) {
				if !strings.HasPrefix(p, ":") {
					r.trees(under(dir, pathspecDir(p)))
				}
			}
			return
		}
	}
}

// pathspecDir is the directory beneath which a git pathspec may match: the pathspec itself, or,
// when it holds a pattern (which git matches against whole paths, a * crossing directories, so
// that '*.yaml' names every YAML file of the tree), the directory before its first pattern
// character.
func pathspecDir(p string) string {
	at := strings.IndexAny(p, "*?[")
	if at < 0 {
		return p
	}
	if slash := strings.LastIndexByte(p[:at], '/'); slash >= 0 {
		return p[:slash+1]
	}
	return "."
}

// copyTargets: cp, mv, rsync, install, ln and scp put each source in a target directory under its
// own name, and a copy of a directory's contents (src/., rsync's src/, cp -T) anywhere beneath it;
// mv also changes what lies beneath each source.
func (r *reader) copyTargets(cmd Command, ops []string) {
	dest := ""
	if cmd.Name != "rsync" && cmd.Name != "scp" { // their -t keeps times, or is internal
		dest = optionValue(cmd.Args, "t", "target-directory", "")
		if dest == "" {
			dest = clusterValue(cmd.Args, 't') // cp -rt DIR, mv -ft DIR
		}
	}
	sources, targetDir := ops, dest != ""
	if i := slices.Index(ops, dest); dest != "" && i >= 0 {
		sources = slices.Delete(slices.Clone(ops), i, i+1) // -t DIR: DIR is no source
	}
	if dest == "" {
		if len(ops) < 2 {
			return
		}
		dest, sources = ops[len(ops)-1], ops[:len(ops)-1]
	}
	// -T (--no-target-directory): a directory source's contents land in dest itself (cp -rT src .).
	// rsync's and scp's -T mean something else.
	contents := cmd.Name != "rsync" && cmd.Name != "scp" && (hasShort(cmd.Args, "T") || hasLong(cmd.Args, "no-target-directory"))
	if cmd.Name == "mv" {
		// What lies beneath a directory moved away leaves with it: mv scripts old takes the
		// guards' scripts out of scripts/hooks, to be replaced.
		r.trees(sources...)
	}
	// Without -t, cp, mv, scp and ln make a lone source's copy dest itself when dest is no
	// directory yet, and put it in dest under its own name when it is one: which, only the run
	// knows. rsync always does the latter.
	asDest := len(sources) == 1 && !targetDir && cmd.Name != "rsync"
	// A symbolic link's relative target is taken from the directory the link is in (ln -s
	// ../evil scripts), unless ln -r makes it so from the one the line runs in.
	fromLink := cmd.Name == "ln" && (hasShort(cmd.Args, "s") || hasLong(cmd.Args, "symbolic")) &&
		!hasShort(cmd.Args, "r") && !hasLong(cmd.Args, "relative")
	// cp -s makes a symbolic link to each file it would copy (cp -rs DIR: the tree, of links), and
	// cp -l a hard link: a write through either changes the file linked to.
	links := fromLink || cmd.Name == "ln" && (hasShort(cmd.Args, "s") || hasLong(cmd.Args, "symbolic")) ||
		cmd.Name == "cp" && (hasShort(cmd.Args, "sl") || hasLong(cmd.Args, "symbolic-link", "link"))
	copyTo := func(s, to string) {
		if fromLink && !path.IsAbs(s) && !strings.HasPrefix(s, "~") {
			s = path.Join(path.Dir(to), s)
		}
		r.copy(s, to)
		if links {
			r.link(to, s)
		}
	}
	for _, s := range sources {
		base := path.Base(s)
		if host, p, remote := strings.Cut(s, ":"); remote && (cmd.Name == "scp" || cmd.Name == "rsync") && !strings.Contains(host, "/") {
			base = path.Base(p) // host:dir/evil is evil
		}
		if contents || base == "." || base == "/" || strings.HasSuffix(s, "/") || strings.HasSuffix(s, "/.") {
			r.trees(dest)
			copyTo(s, dest)
			continue
		}
		r.name(path.Join(dest, base), pathList)
		copyTo(s, path.Join(dest, base))
		if asDest {
			copyTo(s, dest)
		}
	}
}

// copy records that what lies beneath from lands beneath to (Line.Copies), both taken from the
// directory the line has changed to as name takes paths.
func (r *reader) copy(from, to string) {
	if r.backslash {
		from, to = strings.ReplaceAll(from, `\`, "/"), strings.ReplaceAll(to, `\`, "/")
	}
	from, fromKnown := tilde(from)
	to, toKnown := tilde(to)
	if !fromKnown || !toKnown {
		return // name reported them unknown
	}
	r.addCopy(Copy{from, to})
	if r.dir != "" {
		r.addCopy(Copy{under(r.dir, from), under(r.dir, to)})
	}
}

func (r *reader) addCopy(c Copy) {
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	if key := "\x02" + c.From + "\x00" + c.To; !r.seen[key] {
		r.seen[key] = true
		r.out.Copies = append(r.out.Copies, c)
	}
}

// under is p taken from the directory dir: p itself when it is absolute or under ~.
func under(dir, p string) string {
	if path.IsAbs(p) || strings.HasPrefix(p, "~") {
		return p
	}
	return path.Join(dir, p)
}

// anywhere notes an archive unpacked with the names its members hold, absolute ones included: the
// files it writes are only known when the line runs.
func (r *reader) anywhere(how string) {
	r.pathsUnknown("%s writes the archive's members where their names say, absolute ones included, only known when the line runs", how)
}

// unpack notes that the command by unpacks an archive into dir: beneath it, files named by the
// archive, which only it knows (Line.Unpacks), as well as those there already (Line.TreePaths).
func (r *reader) unpack(by, dir string) {
	r.trees(dir)
	d, known := tilde(dir)
	if !known || d == "" {
		return // name reported it unknown
	}
	r.out.Unpacks = append(r.out.Unpacks, Unpack{Dir: d, By: by})
	if r.dir != "" && !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") {
		r.out.Unpacks = append(r.out.Unpacks, Unpack{Dir: path.Join(r.dir, d), By: by})
	}
}

func (r *reader) trees(ps ...string) {
	for _, p := range ps {
		r.name(p, treeList)
	}
}

// staticOperands are the arguments that are no options (all after --), known before the line runs.
func staticOperands(args []Arg) []string {
	var out []string
	options := true
	for _, a := range args {
		switch {
		case a.Dynamic:
		case options && a.Value == "--":
			options = false
		case options && strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			out = append(out, a.Value)
		}
	}
	return out
}

// hasShort reports whether a short option cluster holds one of the letters (up to the first
// character that is no option letter: a value attached to it).
func hasShort(args []Arg, letters string) bool {
	for _, a := range args {
		v := a.Value
		if a.Value == "--" {
			return false
		}
		if a.Dynamic || !strings.HasPrefix(v, "-") || strings.HasPrefix(v, "--") {
			continue
		}
		for _, c := range v[1:] {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				break
			}
			if strings.ContainsRune(letters, c) {
				return true
			}
		}
	}
	return false
}

// hasLong reports whether one of the long options is given (--name or --name=value).
func hasLong(args []Arg, names ...string) bool {
	for _, a := range args {
		if a.Value == "--" {
			return false
		}
		for _, n := range names {
			if a.Value == "--"+n || strings.HasPrefix(a.Value, "--"+n+"=") {
				return true
			}
		}
	}
	return false
}

// optionValue is the value of -S VALUE, -SVALUE, --long VALUE or --long=VALUE (the last one given),
// or def.
func optionValue(args []Arg, short, long, def string) string {
	val := def
	for i, a := range args {
		v := a.Value
		next := ""
		if i+1 < len(args) {
			next = args[i+1].Value
		}
		switch {
		case v == "--":
			return val
		case short != "" && v == "-"+short || long != "" && v == "--"+long:
			if next != "" {
				val = next
			}
		case long != "" && strings.HasPrefix(v, "--"+long+"="):
			val = v[len(long)+3:]
		case short != "" && strings.HasPrefix(v, "-"+short) && len(v) > 2:
			val = v[2:]
		}
	}
	return val
}

// clusterValue is the value of the short option letter where it ends a cluster of options that
// take none (cp -rt DIR) or is followed by its value in the same word (cp -rtDIR): "" when no
// cluster holds it.
func clusterValue(args []Arg, letter byte) string {
	for i, a := range args {
		v := a.Value
		if v == "--" {
			return ""
		}
		if len(v) < 3 || v[0] != '-' || v[1] == '-' {
			continue
		}
		if at := strings.IndexByte(v[2:], letter); at >= 0 {
			if rest := v[2+at+1:]; rest != "" {
				return rest
			}
			if i+1 < len(args) {
				return args[i+1].Value
			}
		}
	}
	return ""
}

// findWrites reports whether a find expression deletes, runs a command or writes a file.
func findWrites(args []Arg) bool {
	for _, a := range args {
		switch a.Value {
		case "-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls":
			return true
		}
	}
	return false
}

// findRuns reports whether find runs a command on the files it picks.
func findRuns(args []Arg) bool {
	return slices.ContainsFunc(args, func(a Arg) bool {
		return a.Value == "-exec" || a.Value == "-execdir" || a.Value == "-ok" || a.Value == "-okdir"
	})
}

// findFilter reads a find expression that only narrows which files it acts on by name: tests
// and actions joined by and, at least one -name or -iname, no -o, !, parentheses or comma, no
// test on the whole path, and commands that take {} as a word of its own (find -exec rm -rf {}/..
// reaches beyond the file) run from where find starts (not -execdir). ok is false for anything
// else, which may act on any file beneath the start points.
func findFilter(args []Arg) (f Find, ok bool) {
	i := 0
	for i < len(args) && !strings.HasPrefix(args[i].Value, "-") && args[i].Value != "(" && args[i].Value != "!" {
		i++ // the start points
	}
	value := func() (string, bool) { // the next word, a test's value
		i++
		if i >= len(args) || args[i].Dynamic {
			return "", false
		}
		return args[i].Value, true
	}
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return f, false
		}
		switch a.Value {
		case "-name", "-iname":
			v, ok := value()
			if !ok {
				return f, false
			}
			if a.Value == "-name" {
				f.Names = append(f.Names, v)
			} else {
				f.INames = append(f.INames, v)
			}
		case "-type", "-xtype", "-maxdepth", "-mindepth", "-size", "-mtime", "-mmin", "-atime", "-amin",
			"-ctime", "-cmin", "-newer", "-perm", "-user", "-group", "-uid", "-gid", "-links", "-printf",
			"-fprint", "-fprint0", "-fls", "-used":
			if _, ok := value(); !ok {
				return f, false
			}
		case "-fprintf":
			if _, ok := value(); !ok {
				return f, false
			}
			if _, ok := value(); !ok {
				return f, false
			}
		case "-a", "-and", "-xdev", "-mount", "-depth", "-d", "-empty", "-readable", "-writable",
			"-executable", "-nouser", "-nogroup", "-daystart", "-true", "-print", "-print0", "-ls",
			"-delete", "-quit", "-noleaf", "-ignore_readdir_race":
		case "-exec", "-ok":
			f.Deep = true
			for i++; i < len(args) && args[i].Value != ";" && args[i].Value != "+"; i++ {
				if args[i].Dynamic || args[i].Value != "{}" && strings.Contains(args[i].Value, "{}") {
					return f, false
				}
			}
		default:
			return f, false
		}
	}
	return f, len(f.Names)+len(f.INames) > 0
}

// findIn records a find start point and its name patterns (Line.Finds), taken from the directory
// the line has changed to as name takes paths.
func (r *reader) findIn(dir string, f Find) {
	dir, known := tilde(dir)
	if !known {
		return // name reported it unknown
	}
	f.Dir = dir
	r.out.Finds = append(r.out.Finds, f)
	if r.dir != "" && !path.IsAbs(dir) && !strings.HasPrefix(dir, "~") {
		f.Dir = path.Join(r.dir, dir)
		r.out.Finds = append(r.out.Finds, f)
	}
}

// findStarts are find's start points: the arguments before its expression, or . when none.
func findStarts(args []Arg) []string {
	var out []string
	for _, a := range args {
		v := a.Value
		if v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-D") || strings.HasPrefix(v, "-O") {
			continue
		}
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || a.Dynamic {
			break
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		out = []string{"."}
	}
	return out
}
