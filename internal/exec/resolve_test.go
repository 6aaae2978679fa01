//go:build unix

package exec

import (
	"cmp"
	"errors"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A bare program name is looked up on PATH first, as a shell does: a file
// of the same name in the project root (the repository's, which an agent
// can write) never shadows it, and is found only when PATH has none. A
// name that is both on PATH and in the root is neither: a guard declared
// as "command: check.sh" for the root's check.sh ran a check.sh an agent
// put on PATH (~/.local/bin) instead, and answered allow.
func TestProgramPrefersPATHToTheProjectRoot(t *testing.T) {
	bin, root := t.TempDir(), t.TempDir()
	for _, f := range []string{filepath.Join(bin, "tool"), filepath.Join(bin, "other"), filepath.Join(root, "tool"), filepath.Join(root, "mine")} {
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin)
	tests := []struct{ name, want, err string }{
		{"tool", "tool", "ambiguous command: tool is both " + filepath.Join(bin, "tool") + " on PATH and a file in the project root " + root + ", and hookrun cannot tell which one the hook means (a program put on PATH must not take the place of the project's guard, nor a file of the repository the place of a program): name the project's file ./tool, or the program by its path, " + filepath.Join(bin, "tool")},
		{"other", filepath.Join(bin, "other"), ""},
		{"mine", filepath.Join(root, "mine"), ""},
		{"./tool", filepath.Join(root, "tool"), ""},
		{filepath.Join(bin, "tool"), filepath.Join(bin, "tool"), ""},
		{"absent", "absent", "command not found: absent is neither in the project root " + root + " nor on PATH"},
	}
	for _, tt := range tests {
		got, err := Program(tt.name, root)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tt.want || msg != tt.err {
			t.Errorf("Program(%q) = %q, %v\nwant %q, %s", tt.name, got, err, tt.want, tt.err)
		}
	}
}

// A relative PATH entry (".", an empty one, "bin") names a directory of
// wherever hookrun runs, the repository's root: a program there is never
// taken for a bare name before the absolute entries are searched, however
// the caller's PATH is ordered (PATH=.:$PATH, or a stray "::").
func TestProgramSkipsRelativePATHEntries(t *testing.T) {
	bin, root := t.TempDir(), t.TempDir()
	for _, f := range []string{filepath.Join(bin, "tool"), filepath.Join(root, "tool"), filepath.Join(root, "bin", "tool"), filepath.Join(bin, "sub"), filepath.Join(root, "bin", "sub")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	for _, path := range []string{".:" + bin, ":" + bin, "bin:" + bin, "./bin::" + bin} {
		t.Setenv("PATH", path)
		// The root's tool makes the name ambiguous; the one on PATH it
		// names must be bin's, found through the absolute entry.
		_, err := Program("tool", root)
		if want := "tool is both " + filepath.Join(bin, "tool") + " on PATH"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("PATH=%s: Program(tool) error %v; want one saying %s", path, err, want)
		}
		if got, err := Program("sub", root); got != filepath.Join(bin, "sub") || err != nil {
			t.Errorf("PATH=%s: Program(sub) = %q, %v; want %s", path, got, err, filepath.Join(bin, "sub"))
		}
	}
}

// Every process hookrun starts gets the caller's PATH without its relative
// entries: a #!/usr/bin/env line, or a command a guard's script runs, is
// looked up as Program looks up a bare name, never in the repository.
func TestRunDropsRelativePATHEntries(t *testing.T) {
	o := Run(t.Context(), Spec{
		Command: "/bin/sh", Args: []string{"-c", `printf %s "$PATH"`}, HasArgs: true, Dir: t.TempDir(),
		Env:     []string{"A=1", "PATH=.:/usr/bin::bin:./x:/bin:", "B=2"},
		Timeout: time.Minute,
	}, DefaultLimits)
	if o.Failure != None || string(o.Stdout) != "/usr/bin:/bin" {
		t.Errorf("failure %v %v, PATH seen %q; want /usr/bin:/bin", o.Failure, o.Err, o.Stdout)
	}
}

// A PATH directory inside the project's work tree (an activated .venv/bin,
// node_modules/.bin) holds files an agent writes as ordinary work: it is
// left out of every process's PATH, whether named as it is, through a
// link outside the project that leads into it, or before it exists (an
// agent can make it); a directory beside the project that only starts
// with its name is kept.
func TestRunDropsPATHEntriesInTheProject(t *testing.T) {
	base := t.TempDir()
	tree := filepath.Join(base, "proj")
	for _, d := range []string{filepath.Join(tree, ".venv", "bin"), filepath.Join(tree, "sub"), filepath.Join(base, "proj-tools")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(filepath.Join(tree, ".venv"), link); err != nil {
		t.Fatal(err)
	}
	path := strings.Join([]string{filepath.Join(tree, ".venv", "bin"), "/usr/bin", filepath.Join(link, "bin"),
		filepath.Join(tree, "node_modules", ".bin"), filepath.Join(base, "proj-tools"), tree, "/bin"}, ":")
	o := Run(t.Context(), Spec{
		Command: "/bin/sh", Args: []string{"-c", `printf %s "$PATH"`}, HasArgs: true, Dir: filepath.Join(tree, "sub"), Tree: tree,
		Env: []string{"PATH=" + path}, Timeout: time.Minute,
	}, DefaultLimits)
	if want := "/usr/bin:" + filepath.Join(base, "proj-tools") + ":/bin"; o.Failure != None || string(o.Stdout) != want {
		t.Errorf("failure %v %v, PATH seen %q; want %s", o.Failure, o.Err, o.Stdout, want)
	}
}

// A handler command that is a FIFO (or a device) is named as such, and
// never opened: opening a FIFO blocks until someone writes to it, and
// validate and explain read a script's #! line. (The test keeps a writer
// with a #! line queued, so that a Check that still opened it would
// return, and pass the FIFO as a script.)
func TestCheckNamesAFIFOWithoutOpeningIt(t *testing.T) {
	root := t.TempDir()
	fifo := filepath.Join(root, "guard.sh")
	if err := syscall.Mkfifo(fifo, 0o755); err != nil {
		t.Skipf("skipped: mkfifo: %v", err)
	}
	if err := os.Chmod(fifo, 0o755); err != nil {
		t.Fatal(err)
	}
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.WriteString("#!/bin/sh\n" + strings.Repeat("#\n", 200)); err != nil {
		t.Fatal(err)
	}
	want := "./guard.sh is not a regular file but a FIFO: a handler command is a program or a script"
	if err := Check("./guard.sh", nil, false, root); err == nil || err.Error() != want {
		t.Errorf("Check = %v, want %s", err, want)
	}
	o := Run(t.Context(), Spec{Command: "./guard.sh", Dir: root, Timeout: time.Minute}, DefaultLimits)
	if o.Failure != StartFailed || o.Err == nil || o.Err.Error() != want {
		t.Errorf("Run: failure %v, %v; want a start failure: %s", o.Failure, o.Err, want)
	}
}

// A shell line that starts with a builtin or a reserved word of sh (exec,
// cd, set, export, ., if, …) is not "command not found": sh has them, PATH
// need not. Check looks past exec and command to the program they run, and
// past nothing else (what follows cd or if is too dynamic to check).
func TestCheckShellLineStartingWithABuiltin(t *testing.T) {
	root := t.TempDir()
	t.Setenv("PATH", t.TempDir()) // no program at all: sh's builtins are what is left
	if err := os.WriteFile(filepath.Join(root, "guard.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ command, want string }{
		{"exec ./guard.sh", ""},
		{"exec ./missing.sh --strict", "command not found: ./missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"command ./guard.sh", ""},
		{"command -v jq >/dev/null && ./guard.sh", ""},
		{"exec -a guard ./guard.sh", ""},
		{"exec", "command not found: exec is neither in the project root " + root + " nor on PATH"}, // no shell line: run as a program
		{"cd sub && ./guard.sh", ""},
		{"set -e; ./guard.sh", ""},
		{"if true; then ./guard.sh; fi", ""},
		{"export X=1; ./guard.sh", ""},
		{". ./env.sh && ./guard.sh", ""},
		{"umask 077; ./guard.sh", ""},
		{"ulimit -t 5; ./guard.sh", ""},
		{"trap '' PIPE; ./guard.sh", ""},
		{"read line; ./guard.sh", ""},
		{"eval ./guard.sh", ""},
		{"test -x ./guard.sh && ./guard.sh", ""},
		{"./guard.sh --strict", ""},
		{"./missing.sh --strict", "command not found: ./missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"no-such-tool --strict", "command not found: no-such-tool is neither in the project root " + root + " nor on PATH"},
		// The first word as sh reads it: quotes and escapes removed, a name that is not ASCII, an
		// assignment before it, a pipeline or list after it.
		{"./gardé.sh --strict", "command not found: ./gardé.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"./gardé.sh", "command not found: ./gardé.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"'./missing guard.sh' --strict", "command not found: ./missing guard.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{`"./guard.sh" --strict`, ""},
		{`./gu\ard.sh --strict`, ""},
		{"LC_ALL=C ./missing.sh", "command not found: ./missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"./missing.sh | tee -a log", "command not found: ./missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"./missing.sh && echo ok", "command not found: ./missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"exec ./gardé.sh", "command not found: ./gardé.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		// What sh expands is only known when it runs.
		{"./g*.sh --strict", ""},
		{"$HOOK_DIR/missing.sh", ""},
		{"./$(echo missing).sh", ""},
		{`"./$name.sh"`, ""},
		{"~/missing.sh", ""},
	}
	for _, tt := range tests {
		got := ""
		if err := Check(tt.command, nil, false, root); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Check(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}

// A shell line sh cannot read is named by Check, with sh's own words: sh
// exits 2 on it before anything runs, which emit would take for a guard's
// deny (the reason "sh: 1: Syntax error: …", status denied, on_error never
// asked). A line sh reads, bash-isms included where sh takes them, is no
// finding.
func TestCheckNamesAShellLineShCannotRead(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "guard.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{`./guard.sh "unterminated`, `if true; then ./guard.sh`, `./guard.sh | `, `./guard.sh $(`} {
		sh := osexec.Command(Shell, "-n", "-c", line)
		sh.Args[0] = "sh" // as emit runs it
		out, _ := sh.CombinedOutput()
		want := "sh cannot read this command line and exits 2 on it, which from a blocking hook is a deny: " + strings.TrimSpace(string(out))
		if err := Check(line, nil, false, root); err == nil || err.Error() != want {
			t.Errorf("Check(%q) = %v, want %q", line, err, want)
		}
	}
	for _, line := range []string{`./guard.sh "a b"`, `f() { ./guard.sh; }; f`, `./guard.sh && echo '{}'`, `./guard.sh # "comment`} {
		if err := Check(line, nil, false, root); err != nil {
			t.Errorf("Check(%q) = %v, want nil", line, err)
		}
	}
}

// FuzzFirstProgram throws handler command lines, a repository's text, at
// the reading of the program a line runs first: it must never panic, and a
// name it returns is one sh would not expand further.
func FuzzFirstProgram(f *testing.F) {
	for _, s := range []string{"./guard.sh --strict", `'./a b.sh' x`, `LC_ALL=C ./g.sh | tee log`, `exec -a n ./g`, `./g*.sh`, `"./$n.sh"`, `\.\/g\
.sh`, "./gardé.sh", "if true; then ./g; fi", "$("} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		prog, ok := firstProgram(line)
		if !ok {
			if prog != "" {
				t.Fatalf("firstProgram(%q) = %q, false: a name with no ok", line, prog)
			}
			return
		}
		if strings.HasPrefix(prog, "-") {
			t.Fatalf("firstProgram(%q) = %q: an option taken for the program", line, prog)
		}
	})
}

// sh expands a glob in a line's first word before it runs it: the program
// is then whichever file matches first, and a file written beside the
// guard (./guard-0.sh for ./guard*.sh) runs in its place. GlobbedProgram
// names such a word; a quoted or escaped one, or a glob in an argument, is
// none.
func TestGlobbedProgram(t *testing.T) {
	tests := []struct{ command, want string }{
		{"./guard*.sh", "./guard*.sh"},
		{"./guard[1].sh --strict", "./guard[1].sh"},
		{"LC_ALL=C exec ./guards/?uard.sh | tee log", "./guards/?uard.sh"},
		{"scripts/*/guard.sh && echo ok", "scripts/*/guard.sh"},
		{`"./guard*.sh"`, ""},
		{`./guard\*.sh`, ""},
		{"./guard.sh *.go", ""},
		{"./guard.sh", ""},
		{"$GUARD", ""},
		{"if true; then ./g*.sh; fi", ""},
	}
	for _, tt := range tests {
		if got := GlobbedProgram(tt.command); got != tt.want {
			t.Errorf("GlobbedProgram(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}

// The lists a program loads code from before its own (the dynamic
// loader's, an interpreter's module path) lose their entries that name a
// place of the project, as PATH does: relative ones (an empty one is the
// working directory) and those inside its work tree. Other variables, and
// entries outside the project, are passed on as they are.
func TestRunDropsLoadPathsInTheProject(t *testing.T) {
	tree := t.TempDir()
	env := []string{
		"LD_PRELOAD=./x.so " + tree + "/y.so:/usr/lib/z.so",
		"LD_LIBRARY_PATH=:" + tree + "/lib:/opt/lib",
		"PYTHONPATH=src:/opt/py",
		"NODE_PATH=" + tree + "/node_modules",
		"RUBYLIB=/opt/rb",
		"OTHER=./x:" + tree,
	}
	o := Run(t.Context(), Spec{
		Command: "/bin/sh", Args: []string{"-c", `printf '%s|%s|%s|%s|%s|%s' "$LD_PRELOAD" "$LD_LIBRARY_PATH" "$PYTHONPATH" "${NODE_PATH-unset}" "$RUBYLIB" "$OTHER"`},
		HasArgs: true, Dir: tree, Env: env, Timeout: time.Minute,
	}, DefaultLimits)
	want := "/usr/lib/z.so|/opt/lib|/opt/py||/opt/rb|./x:" + tree
	if o.Failure != None || string(o.Stdout) != want {
		t.Errorf("failure %v %v, seen %q; want %q (stderr %s)", o.Failure, o.Err, o.Stdout, want, o.Stderr)
	}
}

// A link inside the project that leads out of it (bin -> /opt/tools) is
// passed on as the place it leads to when hookrun starts the process: the
// agent can turn the link toward a directory of its own between hookrun's
// look and the handler's, and a background loop flipping it would win now
// and then. A bare name found through it runs from that place too.
func TestRunPinsPATHLinksOfTheProject(t *testing.T) {
	tree, out := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "tool"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(tree, "bin")); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(tree, "bin") + ":/usr/bin:/bin"
	o := Run(t.Context(), Spec{
		Command: "/bin/sh", Args: []string{"-c", `printf %s "$PATH"`}, HasArgs: true, Dir: tree,
		Env: []string{"PATH=" + path}, Timeout: time.Minute,
	}, DefaultLimits)
	if want := real + ":/usr/bin:/bin"; o.Failure != None || string(o.Stdout) != want {
		t.Errorf("failure %v %v, PATH seen %q; want %s", o.Failure, o.Err, o.Stdout, want)
	}
	t.Setenv("PATH", path)
	if got, err := Program("tool", tree); got != filepath.Join(real, "tool") || err != nil {
		t.Errorf("Program(tool) = %q, %v; want %s", got, err, filepath.Join(real, "tool"))
	}
}

// A PATH entry is placed once a process (realDirs): a link of the project
// turned toward the project after hookrun first followed it out is still
// passed on as the place it first led to, never as the link, and a later
// handler's PATH does not follow the turn. Without the memory, each of 100
// handlers stat'ed every PATH entry again.
func TestPATHPlacedOncePerProcess(t *testing.T) {
	tree, out := t.TempDir(), t.TempDir()
	link := filepath.Join(tree, "bin")
	if err := os.Symlink(out, link); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	first := TrustedPATH([]string{"PATH=" + link + ":/bin"}, tree)
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tree, ".venv"), link); err != nil {
		t.Fatal(err)
	}
	again := TrustedPATH([]string{"PATH=" + link + ":/bin"}, tree)
	want := []string{"PATH=" + real + ":/bin"}
	if !slices.Equal(first, want) || !slices.Equal(again, want) {
		t.Errorf("TrustedPATH = %q, then %q after the link turned; want %q both times", first, again, want)
	}
}

// A load list keeps an entry for the processes hookrun starts only when
// it names an absolute place outside the project: such a value, from a
// project file, is what emit refuses (dialect_env_loader).
func TestLoadsFromOutside(t *testing.T) {
	tree := t.TempDir()
	for _, tc := range []struct {
		name, value string
		want        bool
	}{
		{"LD_PRELOAD", "/tmp/x.so", true},
		{"LD_PRELOAD", "./x.so", false},
		{"LD_PRELOAD", filepath.Join(tree, "x.so"), false},
		{"LD_PRELOAD", "./x.so " + filepath.Join(tree, "y.so"), false},
		{"LD_PRELOAD", "./x.so /tmp/y.so", true},
		{"PYTHONPATH", "src:.", false},
		{"PYTHONPATH", "src:/opt/py", true},
		{"NODE_PATH", "", false},
		{"PATH", "/tmp", false},
		{"HOME", "/tmp", false},
	} {
		if got := LoadsFromOutside(tc.name, tc.value, tree); got != tc.want {
			t.Errorf("LoadsFromOutside(%s=%q) = %v, want %v", tc.name, tc.value, got, tc.want)
		}
	}
}

// The places a shell reads its startup files from before a guard's
// script (zsh's $ZDOTDIR/.zshenv, fish's and PowerShell's profiles under
// XDG_CONFIG_HOME, read for scripts too) are dropped when they name a
// place of the project: a repository shipping ZDOTDIR=zsh in its .env and
// zsh/.zshenv holding exit 0 made every zsh guard answer allow. Unset, not
// empty: zsh reads /.zshenv for an empty ZDOTDIR.
func TestRunDropsShellStartupDirsInTheProject(t *testing.T) {
	tree := t.TempDir()
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{[]string{"ZDOTDIR=" + tree + "/zsh", "XDG_CONFIG_HOME=cfg"}, "unset|unset"},
		{[]string{"ZDOTDIR=", "XDG_CONFIG_HOME=" + tree}, "unset|unset"},
		{[]string{"ZDOTDIR=/opt/zsh", "XDG_CONFIG_HOME=/home/me/.config"}, "/opt/zsh|/home/me/.config"},
	} {
		o := Run(t.Context(), Spec{
			Command: "/bin/sh", Args: []string{"-c", `printf '%s|%s' "${ZDOTDIR-unset}" "${XDG_CONFIG_HOME-unset}"`},
			HasArgs: true, Dir: tree, Env: tc.env, Timeout: time.Minute,
		}, DefaultLimits)
		if o.Failure != None || string(o.Stdout) != tc.want {
			t.Errorf("%q: failure %v %v, seen %q; want %q (stderr %s)", tc.env, o.Failure, o.Err, o.Stdout, tc.want, o.Stderr)
		}
	}
	if !LoadsFromOutside("ZDOTDIR", "/tmp/zd", tree) || LoadsFromOutside("ZDOTDIR", "zsh", tree) {
		t.Error("LoadsFromOutside does not read ZDOTDIR as a place a shell loads code from")
	}
}

// A script whose #! line runs its interpreter through env, which a handler's
// PATH does not have: Check says so, as it says of an absolute interpreter
// that does not exist (run, the script fails with 127, a blocking guard's deny).
func TestCheckNamesAnEnvInterpreterNotOnPATH(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"missing.sh": "#!/usr/bin/env hookrun-no-such-interpreter\n",
		"sh.sh":      "#!/usr/bin/env sh\nexit 0\n",
		"opt.sh":     "#!/usr/bin/env -S hookrun-no-such-interpreter -u\n",
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	want := "./missing.sh runs hookrun-no-such-interpreter through env on its #! line, but hookrun-no-such-interpreter is not on PATH: install it, or name the interpreter by its path on the #! line"
	if err := Check("./missing.sh", nil, false, root); err == nil || err.Error() != want {
		t.Errorf("Check(missing.sh) = %v, want %s", err, want)
	}
	for _, ok := range []string{"./sh.sh", "./opt.sh"} {
		if err := Check(ok, nil, false, root); err != nil {
			t.Errorf("Check(%s) = %v, want nil", ok, err)
		}
	}
}

// Reading a script's first bytes (to say why it did not start, or for
// validate's checks) never waits on a FIFO, even one put in its place
// between the look at what it is and the open: a background loop of the
// agent's that turns a link to the script between a file and a FIFO no one
// writes to would hang the open, and emit with it, past the agent's own
// timeout.
func TestReadHeadNeverWaitsOnAFIFO(t *testing.T) {
	dir := t.TempDir()
	file, fifo, link := filepath.Join(dir, "file"), filepath.Join(dir, "fifo"), filepath.Join(dir, "guard.sh")
	if err := os.WriteFile(file, []byte("no #! line\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o755); err != nil {
		t.Skipf("skipped: mkfifo: %v", err)
	}
	stop := make(chan struct{})
	flipped := make(chan struct{})
	go func() {
		defer close(flipped)
		tmp := link + ".tmp"
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			target := file
			if i%2 == 1 {
				target = fifo
			}
			_ = os.Remove(tmp)
			if os.Symlink(target, tmp) == nil {
				_ = os.Rename(tmp, link)
			}
		}
	}()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 20000 {
			readHead(link, 512)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Error("readHead waited on a FIFO that took the script's place after it was looked at")
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close() // let the stuck open return
		}
	}
	close(stop)
	<-flipped
}

// A script whose #! line names an interpreter inside the project's work
// tree is not run: the kernel starts that file, which an agent may write
// (cp /bin/true .venv/bin/python3 asks no guard), so every answer of the
// guard would be the agent's. That holds for a path into the tree, one
// relative to the handler's working directory (the kernel resolves
// #!python3 there), a link outside the tree that leads in, and env's
// program when it is a path (env -S .venv/bin/python3). validate's Check
// says the same.
func TestRunRefusesAnInterpreterInTheProject(t *testing.T) {
	base := t.TempDir()
	tree := filepath.Join(base, "proj")
	bin := filepath.Join(tree, ".venv", "bin")
	hooks := filepath.Join(tree, "scripts", "hooks")
	for _, d := range []string{bin, hooks} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	allow := "#!/bin/sh\nexit 0\n" // what the agent put there
	for _, f := range []string{filepath.Join(bin, "python3"), filepath.Join(tree, "python3")} {
		if err := os.WriteFile(f, []byte(allow), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	outside := filepath.Join(base, "py")
	if err := os.Symlink(filepath.Join(bin, "python3"), outside); err != nil {
		t.Fatal(err)
	}
	venv := filepath.Join(bin, "python3")
	for _, c := range []struct{ shebang, names string }{
		{"#!" + venv, venv},
		{"#! " + venv + " -u", venv},
		{"#!.venv/bin/python3", ".venv/bin/python3"},
		{"#!python3", "python3"},
		{"#!" + outside, outside},
		{"#!/usr/bin/env -S .venv/bin/python3 -u", ".venv/bin/python3"},
		{"#!/usr/bin/env " + venv, venv},
	} {
		script := filepath.Join(hooks, "guard.py")
		if err := os.WriteFile(script, []byte(c.shebang+"\nimport sys\nsys.exit(2)\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		want := "bad interpreter: ./scripts/hooks/guard.py names " + c.names + " on its #! line, a file of the project (" + tree +
			"), whose files an agent may write: hookrun runs no guard's interpreter from there unseen. Name one outside the project (#!/usr/bin/env python3 finds it on PATH outside it), or name this one in handler.command with the script in handler.args, where validate says whether a guard keeps agents from changing it"
		o := Run(t.Context(), Spec{Command: "./scripts/hooks/guard.py", Dir: tree, Timeout: time.Minute}, DefaultLimits)
		if o.Failure != StartFailed || o.Err == nil || o.Err.Error() != want {
			t.Errorf("%s: Run: failure %v, exit %d, %v; want a start failure: %s", c.shebang, o.Failure, o.ExitCode, o.Err, want)
		}
		if err := Check("./scripts/hooks/guard.py", nil, false, tree); err == nil || err.Error() != want {
			t.Errorf("%s: Check = %v, want %s", c.shebang, err, want)
		}
		// Run by a shell line, as its first program.
		for _, spec := range []Spec{
			{Command: "./scripts/hooks/guard.py --strict"},
			{Command: "sh", Args: []string{"-c", "exec ./scripts/hooks/guard.py"}, HasArgs: true},
		} {
			spec.Dir, spec.Timeout = tree, time.Minute
			o := Run(t.Context(), spec, DefaultLimits)
			if o.Failure != StartFailed || o.Err == nil || o.Err.Error() != want {
				t.Errorf("%s, %q %q: Run: failure %v, exit %d, %v; want a start failure: %s", c.shebang, spec.Command, spec.Args, o.Failure, o.ExitCode, o.Err, want)
			}
		}
	}
	// An interpreter outside the project runs.
	script := filepath.Join(hooks, "guard.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if o := Run(t.Context(), Spec{Command: "./scripts/hooks/guard.sh", Dir: tree, Timeout: time.Minute}, DefaultLimits); o.Failure != None || o.ExitCode != 2 {
		t.Errorf("#!/bin/sh: failure %v %v, exit %d; want exit 2", o.Failure, o.Err, o.ExitCode)
	}
}

// realDirNow's shortcut (one openat2 that refuses any link, noLinks) gives
// what following each component gives (realDirWalk), for every shape a
// PATH entry can take: a link anywhere on the way into the project, a
// link to a file, a chain of links, a dangling one, a place not made yet
// under a link, a .. after a link (cleaned first, as before), and a
// directory the walk may not search. The links must still be followed:
// an entry outside the project by name that leads into it is the
// project's (TestRunDropsPATHEntriesInTheProject).
func TestRealDirShortcutAgreesWithTheWalk(t *testing.T) {
	base := t.TempDir()
	tree := filepath.Join(base, "proj")
	for _, d := range []string{filepath.Join(tree, ".venv", "bin"), filepath.Join(base, "out", "bin"), filepath.Join(base, "shut", "in")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(tree, ".venv", "bin", "python3"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"home-bin":    filepath.Join(tree, ".venv", "bin"),
		"mid":         filepath.Join(tree, ".venv"),
		"chain":       filepath.Join(base, "mid"),
		"to-file":     filepath.Join(tree, ".venv", "bin", "python3"),
		"dangling":    filepath.Join(tree, "gone"),
		"rel":         "proj/.venv",
		"out-of-tree": filepath.Join(base, "out"),
	}
	for name, to := range links {
		if err := os.Symlink(to, filepath.Join(base, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(base, "shut"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(base, "shut"), 0o755) })
	real, err := filepath.EvalSymlinks(tree)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ entry, want string }{
		{filepath.Join(tree, ".venv", "bin"), filepath.Join(real, ".venv", "bin")},
		{filepath.Join(base, "home-bin"), filepath.Join(real, ".venv", "bin")},
		{filepath.Join(base, "mid", "bin"), filepath.Join(real, ".venv", "bin")},
		{filepath.Join(base, "chain", "bin"), filepath.Join(real, ".venv", "bin")},
		{filepath.Join(base, "rel", "bin"), filepath.Join(real, ".venv", "bin")},
		{filepath.Join(base, "to-file"), filepath.Join(real, ".venv", "bin", "python3")},
		{filepath.Join(base, "mid", "bin", "python3"), filepath.Join(real, ".venv", "bin", "python3")},
		{filepath.Join(base, "mid", "node_modules", ".bin"), filepath.Join(real, ".venv", "node_modules", ".bin")},
		{filepath.Join(base, "dangling", "bin"), ""},
		{filepath.Join(base, "mid", "..", "out", "bin"), ""},
		{filepath.Join(base, "out-of-tree", "bin"), ""},
		{filepath.Join(base, "shut", "in"), ""},
		{filepath.Join(base, "out", "bin") + "/", ""},
	} {
		got, walked := realDirNow(c.entry), realDirWalk(filepath.Clean(c.entry))
		if got != walked || c.want != "" && got != c.want {
			t.Errorf("realDirNow(%s) = %s, the walk gives %s; want %s", c.entry, got, walked, cmp.Or(c.want, walked))
		}
	}
}

// A shell line's first program is found by sh on PATH only: a guard
// written as "check --strict" for the root's check never ran it (exit
// 127), and ran a check an agent put on PATH instead. validate names the
// first, and a program of that name on PATH makes the line ambiguous.
func TestShellLineProgramInTheRoot(t *testing.T) {
	bin, root := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "check"), []byte("#!/bin/sh\nexit 2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+":/usr/bin:/bin")
	err := Check("check --strict", nil, false, root)
	if want := "command not found: sh looks check up on PATH, where it is not, and does not run the file of that name in the project root: name it ./check"; err == nil || err.Error() != want {
		t.Errorf("Check(check --strict) = %v; want %s", err, want)
	}
	if err := Check("./check --strict", nil, false, root); err != nil {
		t.Errorf("Check(./check --strict) = %v; want nil", err)
	}
	if _, _, err := Resolve("check --strict", nil, false, root, root); err != nil {
		t.Errorf("Resolve(check --strict) with no check on PATH = %v; want nil (sh says it is not found)", err)
	}
	if err := os.WriteFile(filepath.Join(bin, "check"), []byte("#!/bin/sh\necho '{}'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	var amb *AmbiguousError
	if _, _, err := Resolve("check --strict", nil, false, root, root); !errors.As(err, &amb) || amb.OnPATH != filepath.Join(bin, "check") {
		t.Errorf("Resolve(check --strict) with a check on PATH = %v; want the ambiguity", err)
	}
	if _, _, err := Resolve("./check --strict", nil, false, root, root); err != nil {
		t.Errorf("Resolve(./check --strict) = %v; want nil", err)
	}
}
