package shellcmd

import (
	"path"
	"strings"
)

// derived names the files a command writes under a name it makes from an operand: a decompressor
// writes .env for .env.gz, a backup adds -S's suffix to the file it replaces (mv -b -S .json x
// settings keeps the old settings as settings.json). split, csplit and rename make names only
// known when they run.
func (r *reader) derived(cmd Command, ops []string) {
	switch cmd.Name {
	case "gunzip", "unxz", "unlzma", "unzstd", "bunzip2", "uncompress", "unpigz", "unlz4", "unbrotli", "unlzip",
		"gzip", "xz", "lzma", "zstd", "bzip2", "pigz", "pbzip2", "lbzip2", "lz4", "brotli", "lzip", "plzip",
		"lzop", "compress", "pixz":
		if !decompresses(cmd) {
			return
		}
		suffix := optionValue(cmd.Args, "S", "suffix", "")
		for _, op := range ops {
			if op == suffix {
				continue // -S's value, read as an operand
			}
			if out := uncompressedName(op, suffix); out != "" {
				r.path(out)
			}
		}
	case "cp", "mv", "ln", "install":
		r.backups(cmd, ops)
	case "split", "csplit":
		prefix := ""
		if cmd.Name == "csplit" {
			prefix = optionValue(cmd.Args, "f", "prefix", "")
		} else if ops := splitOperands(cmd.Args); len(ops) > 1 {
			prefix = ops[1]
		}
		if prefix != "" || hasLong(cmd.Args, "additional-suffix") || hasShort(cmd.Args, "b") && cmd.Name == "csplit" {
			r.pathsUnknown("%s names the files it writes with a suffix it counts up when it runs (.e becomes .env after 360 pieces)", cmd.Name)
		}
	case "rename", "prename", "perl-rename", "file-rename", "rename.ul", "mmv", "zmv":
		r.pathsUnknown("%s makes the new names from an expression or pattern when it runs", cmd.Name)
	}
}

// decompresses reports whether cmd writes a decompressed file beside each operand: a
// decompressor's own name or -d, and neither -c (to standard output), -t nor -l.
func decompresses(cmd Command) bool {
	if hasShort(cmd.Args, "ctl") || hasLong(cmd.Args, "stdout", "to-stdout", "test", "list") {
		return false
	}
	return strings.HasPrefix(cmd.Name, "un") || cmd.Name == "gunzip" || cmd.Name == "bunzip2" ||
		hasShort(cmd.Args, "d") || hasLong(cmd.Args, "decompress", "uncompress")
}

// uncompressedName is the file a decompressor writes for op: op without suffix when it ends so,
// else without its last extension (a .tgz, .tbz2, .txz or .tzst is a .tar); "" when it has none.
func uncompressedName(op, suffix string) string {
	if suffix != "" && strings.HasSuffix(op, suffix) && len(op) > len(suffix) {
		return strings.TrimSuffix(op, suffix)
	}
	ext := path.Ext(op)
	if ext == "" || ext == op || strings.HasSuffix(op, "/"+ext) {
		return ""
	}
	out := strings.TrimSuffix(op, ext)
	switch strings.ToLower(ext) {
	case ".tgz", ".taz", ".tbz", ".tbz2", ".txz", ".tzst", ".tlz", ".tz":
		out += ".tar"
	}
	return out
}

// backups: cp, mv, ln and install with -b keep the file they replace under its name and a suffix:
// -S's, or one from the environment (SIMPLE_BACKUP_SUFFIX, VERSION_CONTROL), only known when they
// run; --backup=numbered adds .~N~, which names no file a guard could mean.
func (r *reader) backups(cmd Command, ops []string) {
	suffix := optionValue(cmd.Args, "S", "suffix", "")
	if suffix == "" {
		if control := optionValue(cmd.Args, "", "backup", ""); control == "numbered" || control == "t" || control == "none" || control == "off" ||
			!hasShort(cmd.Args, "b") && !hasLong(cmd.Args, "backup") {
			return
		}
		r.pathsUnknown("%s -b names the file it replaces with a suffix from the environment (SIMPLE_BACKUP_SUFFIX), only known when it runs", cmd.Name)
		return
	}
	var targets []string
	if dest := optionValue(cmd.Args, "t", "target-directory", ""); dest != "" {
		for _, s := range ops {
			targets = append(targets, path.Join(dest, path.Base(s)))
		}
	} else if len(ops) > 1 {
		dest := ops[len(ops)-1]
		targets = append(targets, dest)
		for _, s := range ops[:len(ops)-1] {
			targets = append(targets, path.Join(dest, path.Base(s)))
		}
	}
	for _, t := range targets {
		r.path(t + suffix)
	}
}

// splitOperands are split's operands (INPUT [PREFIX]), the values of its options skipped.
func splitOperands(args []Arg) []string {
	var ops []string
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case v == "--":
			for _, a := range args[i+1:] {
				ops = append(ops, a.Value)
			}
			return ops
		case v == "-a" || v == "-b" || v == "-C" || v == "-l" || v == "-n" || v == "-t":
			i++
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			ops = append(ops, v)
		}
	}
	return ops
}
