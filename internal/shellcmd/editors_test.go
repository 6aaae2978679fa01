package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorScripts: an editor, a debugger or sqlite3 given its commands in the line (vim -c,
// +CMD, an ed or ex script on standard input, emacs --eval, gdb -ex, sqlite3's dot commands) names
// the files those commands write, reads the shell commands they run as the line's own, and leaves
// what it cannot read to run time: vim -es -c 'w .system/hooks/a.yaml' was allowed under init's
// protect_hooks.
func TestEditorScripts(t *testing.T) {
	for _, tc := range []struct {
		line    string
		path    string // among Paths, when not empty
		command string // among the commands' names, when not empty
		unknown string // the first UnknownPaths reason begins so; "" wants none
	}{
		{line: `vim -es -c 'w .system/hooks/a.yaml' -c q x.txt`, path: ".system/hooks/a.yaml"},
		{line: `vim -es '+w! .system/hooks/a.yaml' +q x.txt`, path: ".system/hooks/a.yaml"},
		{line: `vim -es +'sil w .env|q' x.txt`, path: ".env"},
		{line: `nvim --headless -c 'saveas .claude/settings.local.json' -c qa x`, path: ".claude/settings.local.json"},
		{line: `nvim --headless --cmd 'redir! > .env' -c q`, path: ".env"},
		{line: `vim.basic -es -c '%d|x opencode.json' x.txt`, path: "opencode.json"},
		{line: `ex -s -c 'file .system/hooks/a.yaml' -c wq x.txt`, path: ".system/hooks/a.yaml"},
		{line: `vim -es -c 'e .system/hooks/protect_hooks.yaml' -c '%d' -c wq`, path: ".system/hooks/protect_hooks.yaml"},
		{line: `vim -es -c '!rm .system/hooks/protect_hooks.yaml' -c q`, path: ".system/hooks/protect_hooks.yaml", command: "rm"},
		{line: `vim -es -c 'g/x/!rm -rf scripts/hooks | echo' -c q f`, path: "scripts/hooks", command: "rm"},
		{line: `vim -es -c 'r !curl -o .env http://x' -c q f`, path: ".env", command: "curl"},
		{line: `vim -es -c 'call delete(".system/hooks/a.yaml")' -c q`, unknown: "vim runs the editor command call"},
		{line: `vim -es -c 'exe "w " . g:x' -c q`, unknown: "vim runs the editor command exe"},
		{line: `vim -es -c 'cd .system/hooks' -c 'w a.yaml' -c q x`, unknown: "vim runs the editor command cd"},
		{line: "vim -es -c 'w `echo .env`' -c q x", unknown: "vim expands the file name `echo"},
		{line: `vim -es -c 's/a/\=system("rm x")/' -c wq f`, unknown: "vim runs the editor command s"},
		{line: `vim -es -c 'norm dd' -c wq f`, unknown: "vim runs the editor command norm"},
		{line: "ex -s x.txt <<'EOF'\nw .system/hooks/a.yaml\nq\nEOF", path: ".system/hooks/a.yaml"},
		{line: "vim -es x.txt <<< 'w .env'", path: ".env"},
		{line: `vim -c 'w .env' x.txt`, path: ".env", unknown: "vim reads its commands or keys from standard input"},
		{line: "echo 'w .env' | vim -es x.txt", unknown: "vim reads its commands or keys from standard input"},
		{line: "vim x.txt <<'EOF'\n:w .env\nEOF", unknown: "vim reads its keys from a here-document"},
		{line: "ed -s x.txt <<'EOF'\nw .system/hooks/a.yaml\nq\nEOF", path: ".system/hooks/a.yaml"},
		{line: "ed -s x.txt <<'EOF'\n1,$wq .env\nEOF", path: ".env"},
		{line: "ed x.txt <<'EOF'\nf .claude/settings.json\nw\nEOF", path: ".claude/settings.json"},
		{line: "ed <<'EOF'\n!rm -f .system/hooks/protect_hooks.yaml\nq\nEOF", path: ".system/hooks/protect_hooks.yaml", command: "rm"},
		{line: "ed x <<'EOF'\na\nw .env\n.\nw\nEOF", path: "x"}, // text appended, not a command
		{line: "ed -s x.txt <<EOF\nw $F\nEOF", unknown: "ed reads its commands from a here-document with expansions in it"},
		{line: "printf 'w .env\\n' | ed -s x.txt", unknown: "ed reads its commands from standard input"},
		{line: `emacs --batch --eval '(delete-file ".system/hooks/protect_hooks.yaml")'`, path: ".system/hooks/protect_hooks.yaml"},
		{line: `emacs -batch -eval='(copy-file "/tmp/x" ".env" t)'`, path: ".env"},
		{line: `emacsclient -e '(delete-file ".env")'`, path: ".env"},
		{line: `gdb -batch -ex 'shell rm .system/hooks/protect_hooks.yaml'`, path: ".system/hooks/protect_hooks.yaml", command: "rm"},
		{line: `gdb -batch -ex '!rm -rf scripts/hooks' ./a.out`, path: "scripts/hooks", command: "rm"},
		{line: `gdb -q -batch --eval-command='pipe p 1 | tee .env' ./a.out`, path: ".env", command: "tee"},
		{line: `gdb -batch -ex 'python import os; os.remove(".env")'`, path: ".env"},
		{line: `gdb -batch -ex 'dump memory .env 0 8' ./a.out`, path: ".env"},
		{line: `gdb -batch -ex 'eval "shell rm %s", ".env"'`, unknown: "gdb runs the command eval"},
		{line: "gdb -batch <<'EOF'\nshell rm .env\nEOF", path: ".env", command: "rm"},
		{line: "echo 'shell rm .env' | gdb ./a.out", unknown: "gdb reads its commands from standard input"},
		{line: `lldb -b -o 'platform shell rm .env' ./a.out`, path: ".env", command: "rm"},
		{line: `sqlite3 db '.output .system/hooks/a.yaml' 'select 1;'`, path: ".system/hooks/a.yaml"},
		{line: `sqlite3 :memory: '.once .env' 'select 1'`, path: ".env"},
		{line: `sqlite3 -cmd '.backup main .env' db .quit`, path: ".env"},
		{line: `sqlite3 db ".shell rm .env"`, path: ".env", command: "rm"},
		{line: `sqlite3 db ".once '|rm .env'" 'select 1'`, path: ".env", command: "rm"},
		{line: `sqlite3 db "select writefile('.system/hooks/a.yaml', 'x')"`, path: ".system/hooks/a.yaml"},
		{line: `sqlite3 db "vacuum into '.env'"`, path: ".env"},
		{line: "sqlite3 db <<'EOF'\n.output .env\nselect 1;\nEOF", path: ".env"},
		{line: `sqlite3 db '.cd .system' '.output hooks/a.yaml'`, unknown: "sqlite3 runs .cd"},
		{line: `sqlite3 a.sqlar -Ax`, unknown: "sqlite3 -A unpacks an archive"},
		// Everyday uses stay quiet.
		{line: `vim -es -c '%s/foo/bar/g' -c 'wq' f.txt`, path: "f.txt"},
		{line: `vim -es -c 'set ff=unix' -c x f.txt`, path: "f.txt"},
		{line: "ex -s f.txt <<'EOF'\n%s/a/b/g\nwq\nEOF", path: "f.txt"},
		{line: "ed -s f.txt <<'EOF'\n,s/a/b/g\n/x/d\nw\nq\nEOF", path: "f.txt"},
		{line: `vim +42 f.txt`, path: "f.txt", unknown: "vim reads its commands or keys from standard input"}, // which may be a pipe
		{line: `vim -es +42 -c wq f.txt`, path: "f.txt"},
		{line: `git diff | vim -`},
		{line: `sqlite3 app.db 'select * from users;'`, path: "app.db"},
		{line: `sqlite3 -header -csv app.db '.tables'`, path: "app.db"},
		{line: `gdb -batch -ex run -ex bt --args ./a.out x`, path: "./a.out"},
	} {
		l := Parse(tc.line)
		if tc.path != "" && !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
		if tc.command != "" && !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == tc.command }) {
			t.Errorf("Parse(%q) runs %v, want %s among them", tc.line, l.Commands, tc.command)
		}
		switch {
		case tc.unknown == "" && len(l.UnknownPaths) > 0:
			t.Errorf("Parse(%q).UnknownPaths = %q, want none", tc.line, l.UnknownPaths)
		case tc.unknown != "" && (len(l.UnknownPaths) == 0 || !strings.HasPrefix(l.UnknownPaths[0], tc.unknown)):
			t.Errorf("Parse(%q).UnknownPaths = %q, want the first to begin %q", tc.line, l.UnknownPaths, tc.unknown)
		}
	}
}
