//go:build unix

package rules

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
)

// The differential harness: each line of testdata/bashdiff.txt is run by real bash in a scratch
// directory whose PATH starts with stubs that log their arguments, and read by the rules handler
// with a deny rule on rm -r -f. A line bash runs rm with both options for, and that the handler
// neither denies nor holds up as unresolved, is a bypass: the test fails on it whatever its row
// says. Each row pins both what bash did and what the handler decided.
//
// Rows: BASH HOOKRUN LINE, LINE a Go-quoted string (so a row can hold a line break or a CR).
// BASH is "runs" (bash ran rm -r -f: a stub logged it, or the directory x is gone) or "never";
// HOOKRUN is "deny", "unresolved" or "pass".
//
// go test ./internal/rules -run TestBashDiff -bashdiff.update rewrites the two columns from what
// bash and the handler do now; -bashdiff.gen adds the generated candidates bash runs rm -rf for.
var (
	bashdiffUpdate = flag.Bool("bashdiff.update", false, "rewrite testdata/bashdiff.txt's verdicts from what bash and hookrun do now")
	bashdiffGen    = flag.Bool("bashdiff.gen", false, "add to testdata/bashdiff.txt the generated candidates bash runs rm -rf for")
)

const bashdiffFile = "testdata/bashdiff.txt"

// bashdiffRow is one line of the corpus.
type bashdiffRow struct {
	bash, hookrun string
	line          string
	comment       []string // the # lines above it
}

func readBashdiff(t *testing.T) []bashdiffRow {
	t.Helper()
	data, err := os.ReadFile(bashdiffFile)
	if err != nil {
		t.Fatal(err)
	}
	var rows []bashdiffRow
	var comment []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			comment = append(comment, text)
			continue
		}
		bashV, rest, ok1 := strings.Cut(text, " ")
		hookV, quoted, ok2 := strings.Cut(rest, " ")
		line, err := strconv.Unquote(quoted)
		if !ok1 || !ok2 || err != nil {
			t.Fatalf("%s:%d: want BASH HOOKRUN \"LINE\", got %q", bashdiffFile, n, text)
		}
		rows = append(rows, bashdiffRow{bash: bashV, hookrun: hookV, line: line, comment: comment})
		comment = nil
	}
	return rows
}

func writeBashdiff(t *testing.T, rows []bashdiffRow) {
	t.Helper()
	var b strings.Builder
	for _, r := range rows {
		for _, c := range r.comment {
			b.WriteString(c + "\n")
		}
		fmt.Fprintf(&b, "%s %s %s\n", r.bash, r.hookrun, strconv.Quote(r.line))
	}
	if err := os.WriteFile(bashdiffFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// bashdiffGuard is the rule set the corpus is read against: the deny of the docs' example.
const bashdiffGuard = `    - decision: deny
      reason: recursive force delete
      commands: ["rm -rf", "rm -r|-R|--recursive -f|--force"]
`

// hookrunVerdict is what the rules handler h decides for line run in dir.
func hookrunVerdict(h *config.Hook, line, dir string) string {
	doc := `{"ability_id":"shell","caller":{"source":"ai_session"},"cwd":` + jsonString(dir) + `,"command":` + jsonString(line) + `}`
	c, err := event.ParseContext([]byte(doc), h.Event)
	if err != nil {
		return "context error: " + err.Error()
	}
	switch d := Evaluate(h, c, dir, nil).Decision; d {
	case event.Deny:
		return "deny"
	case event.RequireHuman:
		return "unresolved"
	case event.Allow:
		return "pass"
	default:
		return "decision " + string(d)
	}
}

// sandbox is a scratch directory bash runs candidates in.
type sandbox struct {
	bash, root, work, stubs, log string
}

// stubbed are the programs the sandbox replaces with a script that logs its arguments and does
// nothing: rm, and programs a line might reach the network or the repository with.
var stubbed = []string{"rm", "curl", "wget", "git", "chmod", "ssh", "sudo", "shutdown", "reboot", "kill", "pkill", "killall"}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	s := &sandbox{bash: bash, root: root, work: filepath.Join(root, "w"), stubs: filepath.Join(root, "stub"), log: filepath.Join(root, "log")}
	for _, d := range []string{s.work, s.stubs, filepath.Join(root, "home")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range stubbed {
		// Each argument on a line of its own, the call ended by a line holding only a NUL's stand-in.
		script := "#!/bin/sh\n{ printf '%s\\n' " + name + "; for a in \"$@\"; do printf '%s\\n' \"$a\" | tr '\\n' ' '; printf '\\n'; done; printf '\\001\\n'; } >> " + s.log + "\n"
		if err := os.WriteFile(filepath.Join(s.stubs, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// reset empties the scratch directory but for the directory x, which holds a file.
func (s *sandbox) reset() error {
	_ = os.RemoveAll(s.work)
	_ = os.Remove(s.log)
	if err := os.MkdirAll(filepath.Join(s.work, "x"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(s.work, "x", "y"), nil, 0o644)
}

// runs reports whether bash, running line in the directory reset left, ran rm with a recursive and a force option (a stub
// logged it, or the directory x the line is given to delete is gone: a real rm was reached).
func (s *sandbox) runs(line string) bool {
	if strings.ContainsRune(line, 0) {
		return false // bash -c cannot be given a NUL: nothing runs
	}
	// Only a line that never ends waits this out; a loaded machine (a load of 25) starved nice
	// rm -rf x past 5s, and the corpus's "runs" read "never".
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.bash, "--noprofile", "--norc", "-c", line)
	cmd.Dir = s.work
	cmd.Env = []string{"PATH=" + s.stubs + ":/usr/local/bin:/usr/bin:/bin", "HOME=" + filepath.Join(s.root, "home"), "TMPDIR=" + s.root, "LC_ALL=C.UTF-8", "TERM=dumb"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	_ = cmd.Run() // a line that fails after running rm still ran it
	// What the line left running (a process substitution, a job) may run rm yet: wait for the
	// process group to empty, then end what is left of it.
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if syscall.Kill(-cmd.Process.Pid, 0) != nil {
			break
		}
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if _, err := os.Stat(filepath.Join(s.work, "x")); errors.Is(err, os.ErrNotExist) {
		return true
	}
	data, _ := os.ReadFile(s.log)
	for _, call := range strings.Split(string(data), "\x01\n") {
		args := strings.Split(strings.TrimSuffix(call, "\n"), "\n")
		if args[0] == "rm" && recursiveForce(args[1:]) {
			return true
		}
	}
	return false
}

// recursiveForce reports whether rm's arguments hold a recursive and a force option, as GNU rm reads them.
func recursiveForce(args []string) bool {
	r, f := false, false
	for _, a := range args {
		a = strings.TrimSuffix(a, " ")
		switch {
		case a == "--":
			return r && f
		case strings.HasPrefix(a, "--") && len(a) > 2:
			r = r || strings.HasPrefix("--recursive", a)
			f = f || strings.HasPrefix("--force", a)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			r = r || strings.ContainsAny(a[1:], "rR")
			f = f || strings.Contains(a[1:], "f")
		}
	}
	return r && f
}

// TestBashDiff runs each line of the corpus under bash and through the rules handler.
func TestBashDiff(t *testing.T) {
	rows := readBashdiff(t)
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("skipped: bash not found")
	}
	h := guard(t, event.PreAbilityCall, bashdiffGuard)
	boxes := make([]*sandbox, 4)
	for i := range boxes {
		boxes[i] = newSandbox(t)
	}
	if *bashdiffGen {
		have := map[string]bool{}
		for _, r := range rows {
			have[r.line] = true
		}
		var lines []string
		for _, line := range bashdiffCandidates() {
			if !have[line] {
				have[line] = true
				lines = append(lines, line)
			}
		}
		added := 0
		for i, v := range bashdiffRun(t, h, boxes, lines) {
			if v.bash == "runs" {
				rows = append(rows, bashdiffRow{bash: v.bash, hookrun: v.hookrun, line: lines[i]})
				added++
			}
		}
		t.Logf("added %d generated candidates of %d", added, len(lines))
	}
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = r.line
	}
	for i, v := range bashdiffRun(t, h, boxes, lines) {
		r := &rows[i]
		if v.bash == "runs" && v.hookrun == "pass" {
			t.Errorf("bypass: bash runs rm -rf for %q, and hookrun lets it pass", r.line)
		}
		if *bashdiffUpdate {
			r.bash, r.hookrun = v.bash, v.hookrun
			continue
		}
		if v.bash != r.bash {
			t.Errorf("%q: bash %s rm -rf, the corpus says %s", r.line, v.bash, r.bash)
		}
		if v.hookrun != r.hookrun {
			t.Errorf("%q: hookrun decided %s, the corpus says %s", r.line, v.hookrun, r.hookrun)
		}
	}
	if *bashdiffUpdate || *bashdiffGen {
		writeBashdiff(t, rows)
	}
}

// bashdiffVerdict is what bash did with a line and what hookrun decided.
type bashdiffVerdict struct{ bash, hookrun string }

// bashdiffRun reads and runs each line, one sandbox for each worker, each verdict in its line's
// slot. Each line is read before bash runs it, in a directory as it was before: what bash leaves
// there (a link it made, a script it wrote) is not on disk when hookrun reads a line.
func bashdiffRun(t *testing.T, h *config.Hook, boxes []*sandbox, lines []string) []bashdiffVerdict {
	t.Helper()
	out := make([]bashdiffVerdict, len(lines))
	errs := make([]error, len(boxes))
	next := make(chan int)
	var wg sync.WaitGroup
	for w, s := range boxes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := s.reset(); err != nil {
					errs[w] = err
					continue
				}
				// Readings run at once, as an http hook's request is built beside the rules
				// hooks: under -race this checks that they share nothing.
				v := bashdiffVerdict{bash: "never", hookrun: hookrunVerdict(h, lines[i], s.work)}
				if s.runs(lines[i]) {
					v.bash = "runs"
				}
				out[i] = v
			}
		}()
	}
	for i := range lines {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// bashdiffCandidates are lines made by combining the ways bash spells a command name, its
// options, and the constructs that run a command: each runs rm -rf x, or means to.
func bashdiffCandidates() []string {
	names := []string{`rm`, `\rm`, `r\m`, `"r"m`, `'rm'`, `$'\x72m'`, `$'\162m'`, `$'r\u006d'`, `$"rm"`, `r""m`, `{rm,}`, `r{m,}`, `"$(echo rm)"`, `$(printf rm)`, "`echo rm`", `${x:-rm}`, `${x-rm}`, `/bin/rm`, `/usr/bin/rm`, `/bin/r?`, `/bin/r[m]`, `/b??/rm`, `command rm`, `builtin rm`, `command -p rm`, `exec -a foo rm`, `env rm`, `time -p rm`, `nice rm`, `\command rm`, `'command' rm`}
	opts := []string{`-rf`, `-fr`, `-r -f`, `-R --force`, `--recursive --force`, `--rec --for`, `$'-rf'`, `"-rf"`, `-r"f"`, `-\rf`, `{-r,-f}`, `-{r,f}`, `-rf""`, `$(echo -rf)`, `-r$'\x66'`}
	var out []string
	for _, n := range names {
		for _, o := range opts {
			out = append(out, n+" "+o+" x")
		}
	}
	// Constructs that run a command, each given the plain command and one spelled oddly.
	inner := []string{`rm -rf x`, `r\m -rf x`, `$'\x72m' -rf x`}
	contexts := []string{
		"%s",
		"f() { %s; }; f",
		"function f { %s; }; f",
		"f() ( %s ); f",
		"shopt -s expand_aliases\nalias z='%s'\nz",
		"shopt -s expand_aliases; alias z=rm\nz -rf x #%s",
		"trap '%s' EXIT",
		"trap '%s' ERR; false",
		"trap '%s' DEBUG; :",
		"trap '%s' RETURN; f() { :; }; f",
		"bash <<< '%s'",
		"sh <<< '%s'",
		"bash <<'EOF'\n%s\nEOF",
		"bash <<EOF\n%s\nEOF",
		"source /dev/stdin <<< '%s'",
		". <(echo '%s')",
		"source <(echo '%s')",
		"bash <(echo '%s')",
		"bash -c '%s'",
		"sh -c '%s'",
		"bash -c \"%s\"",
		"eval '%s'",
		"eval \"%s\"",
		"eval %s",
		"coproc { %s; }; wait",
		"coproc z { %s; }; wait",
		"select v in a; do %s; break; done <<< 1",
		"time -p %s",
		"{ %s; }",
		"( %s )",
		"echo $(%s)",
		"echo `%s`",
		"echo <(%s)",
		"cat <(%s)",
		": $(( $(%s) ))",
		"(( $(%s) ))",
		"[[ $(%s) ]]",
		"[[ -n $(%s) ]]",
		"x=$(%s)",
		"declare x=$(%s)",
		"local x 2>/dev/null; export x=$(%s)",
		"case $(%s) in *) ;; esac",
		"for v in $(%s); do :; done",
		"while %s; do break; done",
		"until ! %s; do :; done",
		"if %s; then :; fi",
		"! %s",
		"%s &\nwait",
		"%s | cat",
		"true && %s",
		"false || %s",
		"%s 2>&1 >/dev/null",
		">/dev/null %s",
		"x=1 %s",
		"PROMPT_COMMAND='%s' bash -i </dev/null 2>/dev/null",
		"BASH_ENV=<(echo '%s') bash -c :",
		"printf -v c '%%s' '%s'; eval \"$c\"",
		"read -r c <<< '%s'; eval \"$c\"",
		"mapfile -t a <<< '%s'; eval \"${a[0]}\"",
		"declare -a a=(%s); \"${a[@]}\"",
		"a=(%s); \"${a[@]}\"",
		"set -- %s; \"$@\"",
		"IFS=,; c='%s'; $c",
		"c='%s'; $c",
		"c='%s'; ${c}",
		"c='%s'; ${c[0]}",
		"ref=c; c='%s'; ${!ref}",
		"c='%s'; eval $c",
		"x='$(%s)'; echo ${x@P}",
		"x='a[$(%s)]'; echo $((x))",
		"x='a[$(%s)]'; [[ x -eq 1 ]]",
		"declare -n r='a[$(%s)]'; echo $r",
		"PS4='$(%s)'; set -x; :",
		"xargs -I{} bash -c '{}' <<< '%s'",
		"printf '%%s' '%s' | bash",
		"echo '%s' | sh",
		"bash -s <<< '%s'",
		"exec bash -c '%s'",
		"exec -a x bash -c '%s'",
		"nohup bash -c '%s' >/dev/null 2>&1",
		"timeout 5 bash -c '%s'",
		"env -i PATH=\"$PATH\" bash -c '%s'",
		"find . -maxdepth 0 -exec bash -c '%s' \\;",
		"command eval '%s'",
		"builtin eval '%s'",
		"enable -n echo; %s",
		"hash -p /bin/true ls; %s",
		"{\n%s\n}",
		"if true\nthen\n%s\nfi",
		"%s\\\n",
		"%s\r",
		"%s;\r",
		"set -o history; history -s '%s'; fc -s -1 2>/dev/null",
		"shopt -s extglob; %s",
		"%s # comment",
		"#!/bin/bash\n%s",
	}
	for _, in := range inner {
		for _, c := range contexts {
			out = append(out, strings.ReplaceAll(c, "%s", in))
		}
	}
	// Splitting: IFS made to cut a word into the command and its options.
	out = append(out,
		`IFS=_; c=rm_-rf_x; $c`,
		`IFS=_ ; set -- rm_-rf_x; $1`,
		`c=rm; o=-rf; $c $o x`,
		`c="rm -rf x"; $c`,
		`c="rm -rf"; $c x`,
		`o="-r -f"; rm $o x`,
		`IFS=,; o=-r,-f; rm $o x`,
		`c=r; ${c}m -rf x`,
		`c=${PATH:0:0}rm; $c -rf x`,
		`printf -v c rm; $c -rf x`,
		`read c <<< rm; $c -rf x`,
		`declare c=rm; $c -rf x`,
		`declare -n c=d; d=rm; $c -rf x`,
		`c=(rm -rf x); "${c[@]}"`,
		`c=rm; "${c^^}" -rf x 2>/dev/null; "${c,,}" -rf x`,
		`c=RM; "${c,,}" -rf x`,
		`c=mr; "$(rev <<< $c)" -rf x`,
		`c=xrm; ${c#x} -rf x`,
		`c=rmx; ${c%x} -rf x`,
		`c=rn; ${c/n/m} -rf x`,
		`c=rm; ${c@Q} -rf x 2>/dev/null; eval ${c@Q} -rf x`,
		`c=rm; ${!c*} -rf x; ${c:0} -rf x`,
		`c=rm; ${c:0:2} -rf x`,
		`h=$'\x72\x6d'; $h -rf x`,
		`$(tr a-z n-za-m <<< ez) -rf x`,
		`$(base64 -d <<< cm0=) -rf x`,
		`$(echo cm0= | base64 -d) -rf x`,
		`"$(printf '\x72\x6d')" -rf x`,
		`"$(printf '\162\155')" -rf x`,
		`$(echo ${0:0:0}rm) -rf x`,
		`cat > s <<'EOF'
rm -rf x
EOF
bash s`,
		`echo 'rm -rf x' > s; . ./s`,
		`echo 'rm -rf x' > s; source s`,
		`printf 'rm -rf x\n' > s; bash s`,
		`echo cm0gLXJmIHg= | base64 -d | bash`,
		`bash -c "$(echo cm0gLXJmIHg= | base64 -d)"`,
		`rm -rf x$(:)`,
		`rm -r${x}f x`,
		`rm -r${x:-f} x`,
		`rm -r"${x:-f}" x`,
		`rm -$(echo rf) x`,
		`rm -r -- -f x 2>/dev/null; rm -r -f x`,
		`alias rm='rm -rf'; shopt -s expand_aliases
rm x`,
		`shopt -s expand_aliases; alias r=rm; alias f='-rf x'
r -rf x`,
		`shopt -s expand_aliases; alias r='rm '; alias o=-rf
r o x`,
		`shopt -s expand_aliases; alias c='command '; alias o='rm -rf'
c o x`,
		`shopt -s expand_aliases; alias sudo='sudo '; alias c='rm -rf'
sudo c x`,
		`shopt -s expand_aliases; alias c='rm -rf'; eval c x`,
		`shopt -s expand_aliases; alias -- -rf=x; alias c='rm -rf'
c x`,
		`function rm { command rm "$@"; }; rm -rf x`,
		`ls() { rm -rf x; }; ls`,
		`cd() { rm -rf x; }; cd`,
		`echo() { rm -rf x; }; echo hi`,
		`command_not_found_handle() { rm -rf x; }; nosuchcmd`,
		`command_not_found_handle() { "$@"; }; nosuch rm -rf x 2>/dev/null; rm-nope 2>/dev/null; command_not_found_handle rm -rf x`,
		`f() { "$@"; }; f rm -rf x`,
		`f() { $1 -rf x; }; f rm`,
		`f() { "${FUNCNAME[0]:0:2}" -rf x; }; rm_() { :; }; rm_; f`,
		`export -f rm 2>/dev/null; rm -rf x`,
		`declare -f f >/dev/null; f() { rm -rf x; }; declare -fx f; bash -c f`,
		`f() { rm -rf x; }; export -f f; bash -c f`,
		`BASH_FUNC_f%%='() { rm -rf x; }' bash -c f 2>/dev/null; env 'BASH_FUNC_f%%=() { rm -rf x; }' bash -c f`,
		`hash -p /bin/rm ls; ls -rf x`,
		`BASH_CMDS[ls]=/bin/rm; ls -rf x`,
		`PATH=/bin; rm -rf x`,
		`PATH=/nonexistent:$PATH rm -rf x`,
		`cp /bin/rm ./del; ./del -rf x`,
		`ln -s /bin/rm del; ./del -rf x`,
		`ln -s "$(command -v rm)" del; ./del -rf x`,
		`cp "$(command -v rm)" del; ./del -rf x`,
		`exec -a ls rm -rf x`,
		`exec rm -rf x`,
		`command -v rm >/dev/null && rm -rf x`,
		`type rm >/dev/null; $(type -P rm) -rf x`,
		`$(which rm) -rf x`,
		`$(command -v rm) -rf x`,
		`"$(type -p rm)" -rf x`,
		`x=$(command -v rm); "$x" -rf x`,
		`/b??/r? -rf x`,
		`/b*/rm -rf x`,
		`/bin/[r]m -rf x`,
		`shopt -s extglob; /bin/@(rm) -rf x`,
		`shopt -s extglob; /bin/+(r)m -rf x`,
		`shopt -s nocaseglob; /bin/RM -rf x`,
		`echo $((1)) && rm -rf x`,
		`let "x=$(rm -rf x)" 2>/dev/null`,
		`a[$(rm -rf x)]=1`,
		`echo ${a[$(rm -rf x)]}`,
		`echo "${x:-$(rm -rf x)}"`,
		`echo ${x:=$(rm -rf x)}`,
		`echo ${x:+$(rm -rf x)}`,
		`x=1; echo ${x:+$(rm -rf x)}`,
		`echo ${#x[$(rm -rf x)]}`,
		`echo $(< <(rm -rf x))`,
		`: <<EOF
$(rm -rf x)
EOF`,
		`cat <<EOF
$(rm -rf x)
EOF`,
		`cat <<"EOF"
$(rm -rf x)
EOF
rm -rf x`,
		`read -r <<< "$(rm -rf x)"`,
		`printf '%s' "$(rm -rf x)"`,
		`[ "$(rm -rf x)" ]`,
		`test -n "$(rm -rf x)"`,
		`: ${x?$(rm -rf x)} 2>/dev/null`,
		`rm -rf x <<< "hello"`,
		`rm -rf x < /dev/null`,
		`>(rm -rf x) echo 2>/dev/null; echo >(rm -rf x)`,
		`echo > >(rm -rf x)`,
		`exec 3> >(rm -rf x)`,
		`tee >(rm -rf x) </dev/null`,
		`diff <(rm -rf x) /dev/null`,
		`x=rm; "${x}" -rf x`,
		`x=rm; y=x; eval "\$$y -rf x"`,
		`y=x; x=rm; ${!y} -rf x`,
		`typeset -n y=x; x=rm; $y -rf x`,
		`getopts :a x -rf 2>/dev/null; rm -rf x`,
		`set -f; rm -rf x`,
		`set -e; rm -rf x`,
		`set -k; echo a=1 rm -rf x; rm -rf x`,
		`set -o posix; rm -rf x`,
		`shopt -s lastpipe; echo rm | read c; $c -rf x`,
		`echo rm | { read c; $c -rf x; }`,
		`while read c; do $c -rf x; done <<< rm`,
		`for c in rm; do $c -rf x; done`,
		`for c in r; do ${c}m -rf x; done`,
		`for ((i=0;i<1;i++)); do rm -rf x; done`,
		`select c in rm; do $c -rf x; break; done <<< 1 2>/dev/null`,
		`case rm in (*) rm -rf x;; esac`,
		`[[ rm == r* ]] && rm -rf x`,
		`printf '%s\n' -rf x | xargs rm`,
		`echo -rf x | xargs rm`,
		`echo x | xargs rm -rf`,
		`echo rm -rf x | xargs -0 bash -c 2>/dev/null; echo 'rm -rf x' | xargs -I{} bash -c {}`,
		`xargs rm -rf <<< x`,
		`xargs -a /dev/stdin rm -rf <<< x`,
		`find . -maxdepth 1 -name x -exec rm -rf {} +`,
		`find . -name x -exec rm -rf {} \;`,
		`find . -name x -execdir rm -rf {} \;`,
		`find . -name x -ok rm -rf {} \; <<< y`,
		`ls | grep x | xargs rm -rf`,
		`rm -rf "$(ls | grep x)"`,
		`rm -rf *`,
		`rm -rf ./*`,
		`rm -rf ?`,
		`rm -rf [x]`,
		`rm -rf {x,}`,
		`rm -rf x{,}`,
		`r\
m -rf x`,
		`rm \
-rf x`,
		`rm -\
rf x`,
		"rm -rf x\r",
		"rm\t-rf\tx",
		"rm\v-rf x 2>/dev/null; rm -rf x",
		"\rrm -rf x",
		`rm -rf x 2>/dev/null #`,
		`rm -rf x; #`,
		`echo hi # ; rm -rf x`,
		"echo hi\nrm -rf x",
		"echo hi\r\nrm -rf x",
		`echo hi;;rm -rf x`,
		`echo "hi" & rm -rf x`,
		`: & rm -rf x & wait`,
		`(rm -rf x) &> /dev/null`,
		`{ rm -rf x; } 2>&1`,
		`! rm -rf x`,
		`time rm -rf x`,
		`time -p rm -rf x`,
		`coproc rm -rf x; wait`,
		`coproc R { rm -rf x; }; wait`,
		`nohup rm -rf x >/dev/null 2>&1`,
		`setsid rm -rf x`,
		`stdbuf -o0 rm -rf x`,
		`timeout 5 rm -rf x`,
		`env -i rm -rf x`,
		`env -- rm -rf x`,
		`env -u HOME rm -rf x`,
		`env -S 'rm -rf x'`,
		`env --split-string='rm -rf x'`,
		`env -S'rm -rf x'`,
		`nice -n 5 rm -rf x`,
		`nice -5 rm -rf x`,
		`ionice -c3 rm -rf x`,
		`chrt -o 0 rm -rf x`,
		`taskset 1 rm -rf x`,
		`flock l rm -rf x`,
		`script -qc 'rm -rf x' /dev/null`,
		`unbuffer rm -rf x 2>/dev/null || rm -rf x`,
		`xargs -0 -a /dev/null rm -rf x`,
		`busybox rm -rf x 2>/dev/null || rm -rf x`,
		`command -- rm -rf x`,
		`command -pv rm >/dev/null; command -p -- rm -rf x`,
		`builtin command rm -rf x`,
		`builtin exec rm -rf x`,
		`command exec rm -rf x`,
		`command command rm -rf x`,
		`exec -c rm -rf x`,
		`exec -l rm -rf x`,
		`exec -cl -a z rm -rf x`,
		`time command rm -rf x`,
		`nohup nice env timeout 9 rm -rf x`,
		`"" rm -rf x 2>/dev/null; rm -rf x`,
		`$EMPTY rm -rf x`,
		`${EMPTY} rm -rf x`,
		`"$@" rm -rf x`,
		`$* rm -rf x`,
		`${@} rm -rf x`,
		`$(true) rm -rf x`,
		"`true` rm -rf x",
		`$(:) rm -rf x`,
		`$() rm -rf x`,
		`$(# rm) rm -rf x`,
		`${x+} rm -rf x`,
		`${x-} rm -rf x`,
		`${x#*} rm -rf x`,
		`$'' rm -rf x 2>/dev/null; rm -rf x`,
		`2>/dev/null rm -rf x`,
		`<&- rm -rf x`,
		`a=b c=d rm -rf x`,
		`a=$(true) rm -rf x`,
		`a[0]=1 rm -rf x`,
		`a+=1 rm -rf x`,
		`declare a=1 rm=-rf; rm $rm x`,
		`declare -x a=1; rm -rf x`,
		`export x; rm -rf x`,
		`let x=1 rm=2 2>/dev/null; rm -rf x`,
		`local x 2>/dev/null; rm -rf x`,
		`readonly x=1; rm -rf x`,
		`[ -d x ] && rm -rf x`,
		`[[ -d x ]] && rm -rf x`,
		`(( 1 )) && rm -rf x`,
		`[[ $(rm -rf x) == "" ]]`,
		`[[ -v a[$(rm -rf x)] ]]`,
		`declare -i i; i='a[$(rm -rf x)]' 2>/dev/null`,
		`i='a[$(rm -rf x)]'; (( i ))`,
		`i='a[$(rm -rf x)]'; let i`,
		`i='a[$(rm -rf x)]'; echo ${x:i}`,
		`i='a[$(rm -rf x)]'; echo ${a[i]}`,
		`i='a[$(rm -rf x)]'; [ i -eq 0 ] 2>/dev/null; [[ i -eq 0 ]]`,
		`read -r i <<< 'a[$(rm -rf x)]'; (( i ))`,
		`printf -v 'a[$(rm -rf x)]' 1`,
		`read 'a[$(rm -rf x)]' <<< 1`,
		`unset 'a[$(rm -rf x)]'`,
		`declare 'a[$(rm -rf x)]=1'`,
		`test -v 'a[$(rm -rf x)]'`,
		`[ -v 'a[$(rm -rf x)]' ]`,
		`mapfile -t 'a[$(rm -rf x)]' < /dev/null 2>/dev/null; printf -v "a[\$(rm -rf x)]" 1`,
		`x='$(rm -rf x)'; echo "${x@P}"`,
		`PS1='$(rm -rf x)' bash -i < /dev/null 2>/dev/null`,
		`PS0='$(rm -rf x)' bash -i <<< : 2>/dev/null`,
		`BASH_ENV='$(rm -rf x)' bash -c :`,
		`ENV='$(rm -rf x)' sh -i < /dev/null 2>/dev/null`,
		`PS4='$(rm -rf x)' bash -xc :`,
		`set -x; PS4='$(rm -rf x)'; :`,
		`SHELLOPTS=xtrace PS4='$(rm -rf x)' bash -c :`,
		`BASHOPTS=expand_aliases bash -c "alias r='rm -rf x'
r"`,
		`bash -O extglob -c 'rm -rf x'`,
		`bash -o posix -c 'rm -rf x'`,
		`bash --posix -c 'rm -rf x'`,
		`bash -ec 'rm -rf x'`,
		`bash -xc 'rm -rf x' 2>/dev/null`,
		`bash -c 'rm -rf x' bash`,
		`bash -c '"$0" -rf x' rm`,
		`bash -c '$0 -rf x' rm`,
		`bash -c '"$@"' _ rm -rf x`,
		`bash -c '$1 $2 x' _ rm -rf`,
		`sh -c 'exec "$@"' sh rm -rf x`,
		`bash -c "$1" _ 2>/dev/null; bash -c 'c=$1; $c -rf x' _ rm`,
		`bash -- <<< 'rm -rf x'`,
		`bash -s -- a <<< 'rm -rf x'`,
		`bash - <<< 'rm -rf x'`,
		`bash /dev/stdin <<< 'rm -rf x'`,
		`bash <&3 3<<< 'rm -rf x'`,
		`bash 0<<< 'rm -rf x'`,
		`bash < <(echo 'rm -rf x')`,
		`bash <<< $'rm -rf x'`,
		`bash <<< "rm -rf x"`,
		`bash <<< rm\ -rf\ x`,
		`bash <<< "$(echo rm -rf x)"`,
		`x='rm -rf x'; bash <<< "$x"`,
		`x='rm -rf x'; bash -c "$x"`,
		`x='rm -rf x'; eval "$x"`,
		`x='rm -rf x'; sh <<< "$x"`,
		`bash -i <<< 'rm -rf x' 2>/dev/null`,
		`bash --login -c 'rm -rf x'`,
		`bash -lc 'rm -rf x'`,
		`bash -norc -c 'rm -rf x' 2>/dev/null || bash --norc -c 'rm -rf x'`,
		`bash +x -c 'rm -rf x'`,
		`bash -e -u -c 'rm -rf x'`,
		`bash -O nullglob -c 'rm -rf x'`,
		`bash --rcfile /dev/null -c 'rm -rf x'`,
		`bash --init-file /dev/null -i <<< 'rm -rf x' 2>/dev/null`,
		`bash --rcfile <(echo 'rm -rf x') -i < /dev/null 2>/dev/null`,
		`echo 'rm -rf x' > rc; bash --rcfile rc -i < /dev/null 2>/dev/null`,
		`echo 'rm -rf x' > rc; HOME=. bash -i < /dev/null 2>/dev/null; echo 'rm -rf x' > .bashrc; HOME=$PWD bash -i </dev/null 2>/dev/null`,
		`echo 'rm -rf x' > .bash_profile; HOME=$PWD bash -l -c : 2>/dev/null`,
		`echo 'rm -rf x' > .profile; HOME=$PWD sh -l -c : 2>/dev/null`,
		`echo 'rm -rf x' > e; BASH_ENV=e bash -c :`,
		`echo 'rm -rf x' > e; BASH_ENV=./e bash -c :`,
		`echo 'rm -rf x' > e; ENV=./e sh -i </dev/null 2>/dev/null`,
		`sh <<< 'rm -rf x'`,
		`dash <<< 'rm -rf x' 2>/dev/null || sh <<< 'rm -rf x'`,
		`/bin/sh -c 'rm -rf x'`,
		`/bin/bash -c 'rm -rf x'`,
		`$BASH -c 'rm -rf x'`,
		`"$BASH" <<< 'rm -rf x'`,
		`$SHELL -c 'rm -rf x' 2>/dev/null; $0 -c 'rm -rf x'`,
		`"$0" -c 'rm -rf x'`,
		`exec "$0" -c 'rm -rf x'`,
		`/proc/self/exe -c 'rm -rf x' 2>/dev/null; /proc/$$/exe -c 'rm -rf x'`,
		`$(command -v bash) -c 'rm -rf x'`,
		`b=bash; $b -c 'rm -rf x'`,
		`b=ba; ${b}sh -c 'rm -rf x'`,
		`ba\sh -c 'rm -rf x'`,
		`'bash' -c 'rm -rf x'`,
		`/bin/ba?h -c 'rm -rf x'`,
		`bash -c 'bash -c "rm -rf x"'`,
		`bash -c 'eval "rm -rf x"'`,
		`eval eval rm -rf x`,
		`eval 'eval "rm -rf x"'`,
		`eval "\$(echo rm) -rf x"`,
		`eval \$'\x72m' -rf x`,
		`eval "r""m -rf x"`,
		`eval "r\m -rf x"`,
		`eval r'm -rf' x`,
		`eval {r,}m -rf x 2>/dev/null; eval rm -rf x`,
		`eval "$(printf 'rm -rf x')"`,
		`eval "$(echo cm0gLXJmIHg= | base64 -d)"`,
		`eval "$(cat <<'EOF'
rm -rf x
EOF
)"`,
		`eval "$(rev <<< 'x fr- mr')"`,
		`trap 'rm -rf x' EXIT; exit 0`,
		`trap "rm -rf x" 0`,
		`trap -- 'rm -rf x' SIGTERM; kill -TERM $$ 2>/dev/null; trap 'rm -rf x' TERM; builtin kill -TERM $$`,
		`trap 'rm -rf x' USR1; builtin kill -USR1 $$`,
		`trap 'rm -rf x' CHLD; true & wait`,
		`set -E; trap 'rm -rf x' ERR; false`,
		`set -T; trap 'rm -rf x' DEBUG; :`,
		`trap "$(echo rm -rf x)" EXIT`,
		`t='rm -rf x'; trap "$t" EXIT`,
		`trap 'eval "rm -rf x"' EXIT`,
		`trap $'rm -rf x' EXIT`,
		`trap rm\ -rf\ x EXIT`,
		`trap 'r\m -rf x' EXIT`,
		`history -s 'rm -rf x'; fc -s 2>/dev/null; set -o history; history -s 'rm -rf x'; fc -s`,
		`set -o history; history -s 'rm -rf x'; fc -e : 2>/dev/null; fc -s rm`,
		`set -H; echo rm; !! -rf x 2>/dev/null`,
		`mapfile -C 'rm -rf x;:' -c 1 a <<< 1`,
		`readarray -C 'rm -rf x;:' -c 1 a <<< 1`,
		`complete -C 'rm -rf x' ls; compgen -C 'rm -rf x' z >/dev/null`,
		`compgen -C 'rm -rf x' z > /dev/null`,
		`compgen -F f z 2>/dev/null; f() { rm -rf x; }; compgen -F f z >/dev/null 2>&1`,
		`bind -x '"\C-a": rm -rf x' 2>/dev/null; rm -rf x`,
		`enable -n test; rm -rf x`,
		`enable rm 2>/dev/null; rm -rf x`,
		`caller; rm -rf x`,
		`wait $(rm -rf x) 2>/dev/null`,
		`kill -0 $(rm -rf x) 2>/dev/null`,
		`ulimit -c 0; rm -rf x`,
		`umask 022; rm -rf x`,
		`cd . && rm -rf x`,
		`cd "$(rm -rf x)" 2>/dev/null`,
		`pushd . >/dev/null; rm -rf x`,
		`shift; rm -rf x`,
		`source /dev/null; rm -rf x`,
		`. /dev/null rm -rf x; rm -rf x`,
		`source <(printf 'rm -rf x')`,
		`. <(base64 -d <<< cm0gLXJmIHg=)`,
		`source /dev/fd/3 3<<<'rm -rf x'`,
		`. /proc/self/fd/0 <<< 'rm -rf x'`,
		`exec 3<<< 'rm -rf x'; . /dev/fd/3`,
		`exec 3<<< 'rm -rf x'; bash <&3`,
		`exec < <(echo 'rm -rf x'); bash`,
		`exec <<< 'rm -rf x'; bash`,
		`exec 0<<< 'rm -rf x'; source /dev/stdin`,
		`{ bash; } <<< 'rm -rf x'`,
		`( bash ) <<< 'rm -rf x'`,
		`if true; then bash; fi <<< 'rm -rf x'`,
		`while read l; do eval "$l"; done <<< 'rm -rf x'`,
		`while read -r l; do $l; done <<< 'rm -rf x'`,
		`while read c o f; do $c $o $f; done <<< 'rm -rf x'`,
		`f() { bash; }; f <<< 'rm -rf x'`,
		`f() { eval "$(cat)"; }; f <<< 'rm -rf x'`,
		`eval "$(cat)" <<< 'rm -rf x'`,
		`eval "$(< /dev/stdin)" <<< 'rm -rf x'`,
		`source /dev/stdin < <(echo 'rm -rf x')`,
		`cat <<< 'rm -rf x' | bash`,
		`tee /dev/null <<< 'rm -rf x' | bash`,
		`echo 'rm -rf x' > s; bash < s`,
		`echo 'rm -rf x' > s; chmod +x s; ./s; sh s`,
		`echo 'rm -rf x' > s; sh s`,
		`echo 'rm -rf x' > s; exec bash s`,
		`echo 'rm -rf x' > s; bash -- s`,
		`echo 'rm -rf x' > s; bash -e s`,
		`echo 'rm -rf x' > s; bash -x s 2>/dev/null`,
		`echo 'rm -rf x' > s; bash ./s`,
		`echo 'rm -rf x' > s; bash "$PWD/s"`,
		`echo 'rm -rf x' > s; bash $(echo s)`,
		`echo 'rm -rf x' > s; f=s; bash $f`,
		`echo 'rm -rf x' > s; bash s*`,
		`echo 'rm -rf x' > s; bash ?`,
		`echo 'rm -rf x' > s; cat s | bash`,
		`echo 'rm -rf x' > s; bash < ./s`,
		`echo 'rm -rf x' > s; source ./s`,
		`echo 'rm -rf x' > s; . s`,
		`echo 'rm -rf x' > s; . ./s`,
		`echo 'rm -rf x' > S; bash s 2>/dev/null; bash S`,
		`echo 'rm -rf x' >| s; bash s`,
		`echo 'rm -rf x' 1> s; bash s`,
		`echo 'rm -rf x' &> s; bash s`,
		`echo rm -rf x > s; bash s`,
		`echo "rm -rf x" > s; bash s`,
		`echo $'rm -rf x' > s; bash s`,
		`echo -n 'rm -rf x' > s; bash s`,
		`echo -e 'rm -rf x' > s; bash s`,
		`echo -e 'r\x6d -rf x' > s; bash s`,
		`echo 'rm -rf x' | tee s >/dev/null; bash s`,
		`tee s <<< 'rm -rf x' > /dev/null; bash s`,
		`printf 'rm -rf x' > s; bash s`,
		`printf '%s\n' 'rm -rf x' > s; bash s`,
		`printf 'r\x6d -rf x' > s; bash s`,
		`printf 'r\155 -rf x' > s; bash s`,
		`cat > s <<< 'rm -rf x'; bash s`,
		`cat <<< 'rm -rf x' > s; bash s`,
		`cat >s <<EOF
rm -rf x
EOF
. ./s`,
		`cat > s << 'EOF'
r\m -rf x
EOF
bash s`,
		`cat > s <<-EOF
	rm -rf x
	EOF
bash s`,
		`{ echo 'rm -rf x'; } > s; bash s`,
		`(echo 'rm -rf x') > s; bash s`,
		`echo 'rm -rf x' > s && bash s`,
		`echo 'rm -rf x' > s || :; bash s`,
		`echo 'rm -rf x' > s; mv s t; bash t`,
		`echo 'rm -rf x' > s; cp s t; bash t`,
		`echo 'rm -rf x' > s; ln s t; bash t`,
		`echo 'rm -rf x' > s; ln -s s t; bash t`,
		`echo 'rm -rf x' > s; cat s > t; bash t`,
		`echo 'rm -rf x' > s; cat s s > t; bash t`,
		`echo 'rm -rf x' > s; dd if=s of=t 2>/dev/null; bash t`,
		`echo 'rm -rf x' > s; install s t; bash t`,
		`echo 'rm -rf x' > s; sed '' s > t; bash t`,
		`echo 'rm -rf y' > s; sed -i 's/y/x/' s; bash s`,
		`echo 'rm -rf y' > s; sed 's/y/x/' s | bash`,
		`echo 'rm -rf x' > s; tr -d '' < s | bash`,
		`echo 'rm -rf x' > s; xargs -a s -I{} bash -c {}`,
		`echo 'rm -rf x' > s; bash -c "$(cat s)"`,
		`echo 'rm -rf x' > s; eval "$(cat s)"`,
		`echo 'rm -rf x' > s; eval "$(< s)"`,
		`echo 'rm -rf x' > s; $(cat s)`,
		`echo 'rm -rf x' > s; $(< s)`,
		`echo 'rm -rf x' > s; read -r c < s; $c`,
		`echo 'rm -rf x' > s; mapfile -t a < s; ${a[0]}`,
		`echo 'rm -rf x' > s; xargs < s 2>/dev/null; xargs -a s -0 2>/dev/null; cat s | xargs -L1 -I{} sh -c '{}'`,
		`echo 'x' > s; xargs rm -rf < s`,
		`echo '-rf x' > s; xargs rm < s`,
		`echo 'rm -rf x' > s; crontab -l >/dev/null 2>&1; bash s`,
		`echo 'rm -rf x' > s.sh; sh s.sh`,
		`echo 'rm -rf x' > s.sh; chmod +x s.sh; ./s.sh`,
		`echo 'rm -rf x' > s.sh; chmod 755 s.sh; sh ./s.sh`,
		`printf '#!/bin/sh\nrm -rf x\n' > s; sh s`,
		`echo 'rm -rf x' > s; bash -c '. ./s'`,
		`echo 'rm -rf x' > s; bash -c 'bash s'`,
		`echo 'rm -rf x' > s; sh -c "sh s"`,
		`echo 'rm -rf x' > s; env bash s`,
		`echo 'rm -rf x' > s; timeout 5 sh s`,
		`echo 'rm -rf x' > s; nohup sh s >/dev/null 2>&1`,
		`echo 'rm -rf x' > s; find . -name s -exec sh {} \;`,
		`echo 'rm -rf x' > s; find . -name s -exec bash {} +`,
		`echo 'rm -rf x' > s; xargs bash <<< s`,
		`echo 'rm -rf x' > s; echo s | xargs bash`,
		`echo 'rm -rf x' > s; ls s | xargs sh`,
		`echo 'rm -rf x' > s; for f in s; do bash $f; done`,
		`echo 'rm -rf x' > s; for f in *; do [ -f "$f" ] && bash "$f"; done`,
		`echo 'rm -rf x' > "$TMPDIR/s"; bash "$TMPDIR/s"`,
		`echo 'rm -rf x' > ~/s; bash ~/s`,
		`echo 'rm -rf x' > ~/s; cd x/..; bash ~/s`,
		`t=$(mktemp); echo 'rm -rf x' > $t; bash $t`,
		`t=$(mktemp); echo 'rm -rf x' > "$t"; . "$t"`,
		`mkdir d; echo 'rm -rf ../x' > d/s; cd d; bash s`,
		`mkdir d; echo 'rm -rf ../x' > d/s; bash d/s 2>/dev/null; cd d && bash s`,
		`mkdir -p d; cd d; echo 'rm -rf ../x' > s; cd ..; bash d/s`,
		`echo 'rm -rf x' > s; cd x; bash ../s 2>/dev/null; cd ..; bash s`,
		`echo 'cd ..; rm -rf x' > x/s; bash x/s`,
		`cd x && echo 'rm -rf ../x' > s && bash s`,
		`echo 'rm -rf x' > x.y; bash x.y`,
		`echo 'rm -rf x' > .s; bash .s`,
		`echo 'rm -rf x' > -; bash ./-`,
		`echo 'rm -rf x' > ' s'; bash ' s'`,
		`echo 'rm -rf x' > 's s'; bash 's s'`,
		`echo 'rm -rf x' > $'s\ns'; bash $'s\ns'`,
		`echo 'rm -rf x' > "s"; bash 's'`,
		`echo 'rm -rf x' > s; bash \s`,
		`echo 'rm -rf x' > s; bash "s"`,
		`echo 'rm -rf x' > s; bash s""`,
		`echo 'rm -rf x' > s; bash {s,}`,
		`echo 'rm -rf x' > s; bash ./s/ 2>/dev/null; bash .//s`,
		`echo 'rm -rf x' > s; bash ././s`,
		`echo 'rm -rf x' > s; bash x/../s`,
		`echo 'rm -rf x' > s; bash "$(pwd)/s"`,
		`echo 'rm -rf x' > s; bash $PWD/s`,
		`echo 'rm -rf x' > s; bash ${PWD}/s`,
		`echo 'rm -rf x' > s; bash ~+/s`,
		`echo 'rm -rf x' > s; bash "$OLDPWD/s" 2>/dev/null; cd x; cd ..; bash "$OLDPWD/s" 2>/dev/null; cd x; bash "$OLDPWD/s"`,
		`echo 'rm -rf x' > s; bash $(ls s)`,
		`echo 'rm -rf x' > s; bash "$(printf s)"`,
		`echo 'rm -rf x' > s; set -- s; bash "$1"`,
		`echo 'rm -rf x' > s; a=(s); bash "${a[0]}"`,
		`echo 'rm -rf x' > s; f=s; bash "${f}"`,
		`echo 'rm -rf x' > s; f=s; . "$f"`,
		`f=s; echo 'rm -rf x' > $f; bash s`,
		`f=s; echo 'rm -rf x' > "$f"; bash "$f"`,
		`echo 'rm -rf x' > $(echo s); bash s`,
		`echo 'rm -rf x' > s$(:); bash s`,
		`echo 'rm -rf x' > s$x; bash s`,
		`exec 3> s; echo 'rm -rf x' >&3; bash s`,
		`exec > s; echo 'rm -rf x'; exec > /dev/null; bash s`,
		`exec 3<> s; echo 'rm -rf x' >&3; bash s`,
		`echo 'rm -rf x' 3> s >&3; bash s`,
		`echo 'rm -rf x' > s 2>&1; bash s`,
		`echo 'rm -rf x' 2> s; bash s 2>/dev/null; echo 'rm -rf x' >&2 2> s; bash s`,
		`{ echo 'rm -rf x' >&3; } 3> s; bash s`,
		`echo 'rm -rf x' >> s; bash s`,
		`: > s; echo 'rm -rf x' >> s; bash s`,
		`> s; echo 'rm -rf x' >> s; bash s`,
		`echo 'rm ' > s; echo '-rf x' >> s; tr -d '\n' < s | bash`,
		`echo 'x' > s; rm -rf $(cat s)`,
		`echo 'x' > s; rm -rf $(< s)`,
		`echo 'x' > s; read f < s; rm -rf $f`,
		`echo 'rm' > s; $(cat s) -rf x`,
		`echo 'rm' > s; read c < s; $c -rf x`,
		`printf rm > s; $(< s) -rf x`,
		`echo -n rm | { read c; $c -rf x; }`,
		`echo rm | while read c; do $c -rf x; done`,
		`rm -rf x | cat`,
		`cat | rm -rf x`,
		`rm -rf x |& cat`,
		`rm -rf x 2>&1 | tee /dev/null`,
		`echo | (rm -rf x)`,
		`echo | { rm -rf x; }`,
		`echo | xargs rm -rf x`,
		`echo | xargs -r rm -rf x; echo x | xargs -r rm -rf`,
		`echo x | xargs -I{} rm -rf {}`,
		`echo x | xargs -i rm -rf {}`,
		`echo x | xargs -n1 rm -rf`,
		`echo x | xargs -0 rm -rf`,
		`echo x | xargs -d '\n' rm -rf`,
		`echo x | xargs -t rm -rf 2>/dev/null`,
		`echo x | xargs -P2 rm -rf`,
		`echo x | xargs -L 1 rm -rf`,
		`echo x | xargs --max-args=1 rm -rf`,
		`echo x | xargs -E EOF rm -rf`,
		`echo x | xargs -s 1000 rm -rf`,
		`echo x | xargs -x rm -rf`,
		`echo rm | xargs -I{} {} -rf x`,
		`echo -rf | xargs -I{} rm {} x`,
		`echo -rf | xargs rm x 2>/dev/null; echo -rf x | xargs rm`,
		`echo x | xargs -- rm -rf`,
		`echo x | xargs sh -c 'rm -rf "$@"' _`,
		`echo x | xargs bash -c 'rm -rf $0'`,
		`echo x | xargs -I% bash -c 'rm -rf %'`,
		`find . -maxdepth 1 -name x | xargs rm -rf`,
		`find . -maxdepth 1 -name x -print0 | xargs -0 rm -rf`,
		`find . -maxdepth 1 -name x -exec rm -rf '{}' ';'`,
		`find . -maxdepth 1 -name x -exec sh -c 'rm -rf "$1"' _ {} \;`,
		`find . -maxdepth 1 -name x -exec bash -c 'rm -rf x' \;`,
		`find x -maxdepth 0 -exec rm -rf {} \; 2>/dev/null`,
		`find x -delete; find . -maxdepth 1 -name x -exec rm -rf {} +`,
		`find . -name x -prune -exec rm -rf {} +`,
		`find x -prune -execdir rm -rf {} +`,
		`find . -name x -okdir rm -rf {} \; <<< y`,
		`find . -maxdepth 1 -name x -exec /bin/r? -rf {} + 2>/dev/null; find . -maxdepth 1 -name x -exec rm -rf {} +`,
		`find . -maxdepth 1 -name x -exec env rm -rf {} +`,
		`find . -maxdepth 1 -name x -exec $(echo rm) -rf {} +`,
		`find . -maxdepth 1 -name x -exec "$c" -rf {} + 2>/dev/null; c=rm; find . -maxdepth 1 -name x -exec "$c" -rf {} +`,
		`find . -maxdepth 1 -name x -exec r\m -rf {} +`,
		`find . -maxdepth 1 -name x -exec 'rm' '-rf' '{}' '+'`,
		`find . -maxdepth 1 -name x -exec rm -r -f {} +`,
		`find . -maxdepth 1 -name x -exec rm -r {} + -exec rm -rf {} +`,
		`find . -maxdepth 1 -name x -fprint /dev/null -exec rm -rf {} +`,
		`find . -maxdepth 1 -regex './x' -exec rm -rf {} +`,
		`find -- . -maxdepth 1 -name x -exec rm -rf {} +`,
		`find -L . -maxdepth 1 -name x -exec rm -rf {} +`,
		`find -H . -maxdepth 1 -name x -exec rm -rf {} +`,
		`find -P -O3 . -maxdepth 1 -name x -exec rm -rf {} +`,
		`find . -maxdepth 1 -name x -exec nice rm -rf {} +`,
		`find . -maxdepth 1 -name x -exec time rm -rf {} + 2>/dev/null`,
		`find . -maxdepth 1 -name x -exec xargs rm -rf {} + < /dev/null`,
		`find . -maxdepth 1 -name x -exec echo {} \; | xargs rm -rf`,
		`ls -d x | xargs rm -rf`,
		`ls -d x | while read f; do rm -rf "$f"; done`,
		`for f in x; do rm -rf "$f"; done`,
		`for f in *; do rm -rf "$f"; done`,
		`for f in $(ls); do rm -rf "$f"; done`,
		`for f in "$(ls -d x)"; do rm -rf "$f"; done`,
		`for o in -rf; do rm $o x; done`,
		`for o in -r; do rm $o -f x; done`,
		`for o in r; do rm -${o}f x; done`,
		`for o in -r -f; do :; done; rm -rf x`,
		`for o; do rm $o x; done; set -- -rf; for o; do rm $o x; done`,
		`set -- -rf; rm $1 x`,
		`set -- -rf; rm "$@" x`,
		`set -- -rf x; rm "$@"`,
		`set -- rm -rf x; "$@"`,
		`set -- rm -rf x; $@`,
		`set -- rm -rf x; $*`,
		`set -- rm -rf x; "${@:1}"`,
		`set -- a rm -rf x; "${@:2}"`,
		`set -- a rm -rf x; shift; "$@"`,
		`set rm -rf x; "$@"`,
		`set -- rm; $1 -rf x`,
		`set -- x rm; ${2} -rf x`,
		`set -- x rm; ${!#} -rf x`,
		`set -- rm; ${@} -rf x`,
		`set -- rm; ${1:-} -rf x`,
		`set -- r m; $1$2 -rf x`,
		`a=(rm -rf x); ${a[@]}`,
		`a=(rm -rf x); ${a[*]}`,
		`a=(rm -rf x); "${a[@]:0}"`,
		`a=([0]=rm [1]=-rf [2]=x); "${a[@]}"`,
		`a[0]=rm; a[1]=-rf; "${a[@]}" x`,
		`a+=(rm); a+=(-rf); "${a[@]}" x`,
		`declare -A m=([c]=rm); ${m[c]} -rf x`,
		`declare -A m; m[c]=rm; ${m[c]} -rf x`,
		`a=(rm); $a -rf x`,
		`a=(rm); ${a} -rf x`,
		`a=(x rm); ${a[1]} -rf x`,
		`a=(x rm); ${a[-1]} -rf x`,
		`a=(rm); "${a[0]}" -rf x`,
		`a=(r m); "${a[0]}${a[1]}" -rf x`,
		`a=(r m); IFS=; "${a[*]}" -rf x`,
		`IFS=; a=(r m); ${a[*]} -rf x`,
		`a=(r m); printf -v c %s "${a[@]}"; $c -rf x`,
		`c=rm; o=-rf; $c $o x`,
		`c=rm o=-rf; $c $o x`,
		`c=rm; c+=x; ${c%x} -rf x`,
		`c=r; c+=m; $c -rf x`,
		`c=r; c=${c}m; $c -rf x`,
		`c=rm; d=$c; $d -rf x`,
		`c=rm; d="$c"; "$d" -rf x`,
		`c=rm; export c; bash -c '$c -rf x'`,
		`export c=rm; bash -c '$c -rf x'`,
		`c=rm bash -c '$c -rf x'`,
		`env c=rm bash -c '$c -rf x'`,
		`c=rm; declare -p c >/dev/null; $c -rf x`,
		`c=rm; readonly c; $c -rf x`,
		`c=rm; local c 2>/dev/null; $c -rf x`,
		`c=rm; unset d; $c -rf x`,
		`c=rm; ${c:?} -rf x`,
		`c=rm; ${c:+rm} -rf x`,
		`${c:=rm} -rf x`,
		`: ${c:=rm}; $c -rf x`,
		`: ${c=rm}; $c -rf x`,
		`c=RM; ${c,,} -rf x`,
		`c=Rm; ${c,} -rf x`,
		`c=rM; ${c~~} -rf x`,
		`c=mr; $(echo $c | rev) -rf x`,
		`c=rma; ${c:0:2} -rf x`,
		`c=rma; ${c::-1} -rf x`,
		`c=arm; ${c:1} -rf x`,
		`c=arm; ${c: -2} -rf x`,
		`c=arm; ${c#?} -rf x`,
		`c=arm; ${c##a} -rf x`,
		`c=rmz; ${c%%z} -rf x`,
		`c=rz; ${c/z/m} -rf x`,
		`c=rz; ${c//z/m} -rf x`,
		`c=rz; ${c/#r/r} -rf x 2>/dev/null; ${c/%z/m} -rf x`,
		`c='r m'; ${c// /} -rf x`,
		`c=rm; ${c@L} -rf x`,
		`c=RM; ${c@L} -rf x`,
		`c=rm; ${c@U} -rf x 2>/dev/null; c=RM; ${c@L} -rf x`,
		`c=rm; eval "${c@Q}" -rf x`,
		`c=rm; ${c@E} -rf x`,
		`c='\x72m'; ${c@E} -rf x 2>/dev/null; c=$'\x72m'; $c -rf x`,
		`c='r\x6d'; "$(printf "$c")" -rf x`,
		`c='r\155'; "$(printf "$c")" -rf x`,
		`c='r\x6d'; $(echo -e $c) -rf x`,
		`printf -v c 'r\x6d'; $c -rf x`,
		`printf -v c '%b' 'r\x6d'; $c -rf x`,
		`printf -v c %s r m; $c -rf x`,
		`printf -v c %c r m; $c -rf x 2>/dev/null; printf -v c %c%c r m; $c -rf x`,
		`printf -v c "\x$(printf %x 114)m"; $c -rf x`,
		`c=$(printf "\\$(printf %o 114)m"); $c -rf x`,
		`printf -v c '%s' "$(echo rm)"; $c -rf x`,
		`read c <<< rm; $c -rf x`,
		`read -a a <<< 'rm -rf x'; "${a[@]}"`,
		`read c o f <<< 'rm -rf x'; $c $o $f`,
		`IFS=: read c o f <<< 'rm:-rf:x'; $c $o $f`,
		`read -d : c <<< 'rm:'; $c -rf x`,
		`read -n 2 c <<< rmz; $c -rf x`,
		`read -N 2 c <<< rmz; $c -rf x`,
		`mapfile -t a <<< rm; $a -rf x`,
		`mapfile -t a <<< rm; ${a[0]} -rf x`,
		`mapfile a <<< 'rm -rf x'; $a`,
		`declare c=rm; $c -rf x`,
		`declare -g c=rm; $c -rf x`,
		`declare -l c=RM; $c -rf x`,
		`declare -u c=rm; ${c,,} -rf x`,
		`declare -l c; c=RM; $c -rf x`,
		`typeset -l c=RM; $c -rf x`,
		`declare -c c=rm 2>/dev/null; declare -l c=Rm; $c -rf x`,
		`local -l c=RM 2>/dev/null; declare -l c=RM; $c -rf x`,
		`declare -n n=c; c=rm; $n -rf x`,
		`declare -n n; n=c; c=rm; $n -rf x`,
		`c=rm; declare -n n=c; $n -rf x`,
		`c=rm; n=c; ${!n} -rf x`,
		`c=rm; n=c; eval \$$n -rf x`,
		`c=rm; n=c; eval "\${$n}" -rf x`,
		`c=rm; ${!c@} -rf x 2>/dev/null; cz=1; ${!c*} -rf x 2>/dev/null; c=rm; ${c} -rf x`,
		`crm=1; for n in ${!cr*}; do ${n:1} -rf x; done`,
		`rm=1; for n in ${!r*}; do $n -rf x 2>/dev/null; done`,
		`c=rm; declare -x c; env | grep -q c= && $c -rf x`,
		`c=$(echo rm); $c -rf x`,
		"c=`echo rm`; $c -rf x",
		`c=$(cat <<< rm); $c -rf x`,
		`c=$(cat <<'EOF'
rm
EOF
); $c -rf x`,
		`c="$(cat <<'EOF'
rm
EOF
)"; $c -rf x`,
		`"$(cat <<'EOF'
rm
EOF
)" -rf x`,
		`$(cat <<'EOF'
rm -rf x
EOF
)`,
		`c=$(<<< rm cat); $c -rf x`,
		`c=$(< /dev/null)rm; $c -rf x`,
		`c=$(basename /bin/rm); $c -rf x`,
		`c=$(dirname rm/x); $c -rf x`,
		`c=${PWD::0}rm; $c -rf x`,
		`c=${HOME::0}rm; $c -rf x`,
		`c=$HOME; c=${c::0}rm; $c -rf x`,
		`c=${#HOME}; rm -rf x`,
		`c=$((1)); rm -rf x`,
		`c=$RANDOM; rm -rf x`,
		`c=$SECONDS; rm -rf x`,
		`c=$'r\x6d'; $c -rf x`,
		`c=$'r\u006d'; $c -rf x`,
		`c=$'r\U0000006d'; $c -rf x`,
		`c=$'r\155'; $c -rf x`,
		`c=$'r\cm'; $c -rf x 2>/dev/null; c=rm; $c -rf x`,
		`c=$"rm"; $c -rf x`,
		`c="r""m"; $c -rf x`,
		`c='r''m'; $c -rf x`,
		`c=r\m; $c -rf x`,
		`c=\rm; $c -rf x`,
		`c={rm,}; $c -rf x 2>/dev/null; c=rm; $c -rf x`,
		`c=r*; $c -rf x 2>/dev/null; c=rm; $c -rf x`,
		`c=/bin/r?; $c -rf x 2>/dev/null; c=rm; $c -rf x`,
		`c=~; rm -rf x`,
		`c=rm; "$c" -rf x`,
		`c=rm; "${c}" -rf x`,
		`c=rm; '$c' -rf x 2>/dev/null; "$c" -rf x`,
		`c=rm; \$c -rf x 2>/dev/null; $c -rf x`,
		`c=rm; $c'' -rf x`,
		`c=rm; ''$c -rf x`,
		`c=rm; $c"" -rf x`,
		`c=rm; $c$d -rf x`,
		`c=rm; $d$c -rf x`,
		`c=r; $c"m" -rf x`,
		`c=r; "$c"m -rf x`,
		`c=r; $c\m -rf x`,
		`c=r; $c$'m' -rf x`,
		`c=r; ${c}m -rf x`,
		`c=r; m=m; $c$m -rf x`,
		`c=m; r$c -rf x`,
		`c=m; "r$c" -rf x`,
		`c=-rf; rm $c x`,
		`c=-rf; rm "$c" x`,
		`c=-r; rm $c -f x`,
		`c=f; rm -r$c x`,
		`c=f; rm "-r$c" x`,
		`c='-r -f'; rm $c x`,
		`c='-rf x'; rm $c`,
		`c=' -rf x'; rm $c`,
		`c=--recursive; rm $c --force x`,
		`c=recursive; rm --$c --force x`,
		`c=-; rm ${c}rf x`,
		`c=-rf; eval rm $c x`,
		`c=-rf; rm ${c} x`,
		`c=(-r -f); rm "${c[@]}" x`,
		`c=(-r -f); rm ${c[*]} x`,
		`o=rf; rm -$o x`,
		`o=r; rm -${o}f x`,
		`rm -$(echo r)f x`,
		`rm -$(printf rf) x`,
		"rm -`echo rf` x",
		`rm $(echo -r -f) x`,
		`rm $(echo -rf x)`,
		`rm $(echo -rf) x`,
		`rm "$(echo -rf)" x`,
		`rm -r "$(echo -f)" x`,
		`rm -r $(echo -f x)`,
		`rm -r $( : ) -f x`,
		`rm -r $(true) -f x`,
		`rm -r $(: -f) -f x`,
		`rm -r ${x} -f x`,
		`rm -r ${x:--f} x`,
		`rm -r ${x:+-f} -f x`,
		`rm -r $EMPTY -f x`,
		`rm -r "$@" -f x`,
		`rm -r $* -f x`,
		`rm ${@:--rf} x`,
		`rm -r$'f' x`,
		`rm -r$"f" x`,
		`rm -r'f' x`,
		`rm -'r'f x`,
		`rm '-r'f x`,
		`rm '-rf' x`,
		`rm "-rf" x`,
		`rm $'-rf' x`,
		`rm $'\x2drf' x`,
		`rm $'\055rf' x`,
		`rm $'-\x72\x66' x`,
		`rm $'-r\u0066' x`,
		`rm \-rf x`,
		`rm -\r\f x`,
		`rm -r\f x`,
		`rm -{r,f} x`,
		`rm {-r,-f} x`,
		`rm {-rf,x}`,
		`rm -{rf,} x 2>/dev/null; rm -rf x`,
		`rm -r{f,} x`,
		`rm -r{,f} x`,
		`rm {,-rf} x`,
		`rm -r{f..f} x`,
		`rm -{f..r..13} x`,
		`{rm,-rf,x}`,
		`{rm,-r,-f,x}`,
		`{r,}m -rf x 2>/dev/null; rm -rf x`,
		`r{m,} -rf x`,
		`{r}m -rf x 2>/dev/null; rm -rf x`,
		`rm{,} -rf x 2>/dev/null; rm -rf x`,
		`r{m..m} -rf x`,
		`{rm,} -rf x`,
		`{,rm} -rf x 2>/dev/null; rm -rf x`,
		`{rm,-rf,}x`,
		`rm -r{,} -f x`,
		`rm -rff x`,
		`rm -rrf x`,
		`rm -rfv x`,
		`rm -vrf x`,
		`rm -Rf x`,
		`rm -fR x`,
		`rm -r -f x`,
		`rm -f -r x`,
		`rm -f x -r`,
		`rm x -rf`,
		`rm x -r -f`,
		`rm -r x -f`,
		`rm -r --force x`,
		`rm --recursive -f x`,
		`rm --recursive --force x`,
		`rm --recursiv --forc x`,
		`rm --rec --fo x`,
		`rm --re --f x`,
		`rm --r -f x 2>/dev/null; rm -rf x`,
		`rm --recursive=yes -f x 2>/dev/null; rm -rf x`,
		`rm -r --interactive=never x`,
		`rm -r --interactive=no x`,
		`rm -r --interactive=none x`,
		`rm -r --interactive=nev x`,
		`rm -r --inter=never x`,
		`rm -r -I -f x`,
		`rm -rfI x`,
		`rm -rI --force x`,
		`rm -r x < /dev/null`,
		`rm -r x 2>/dev/null`,
		`yes | rm -r x`,
		`rm -ri x <<< y`,
		`rm -r x <<< y`,
		`rm -d x/y; rm -d x`,
		`rm --one-file-system -rf x`,
		`rm --no-preserve-root -rf x`,
		`rm --preserve-root=all -rf x`,
		`rm -rf -- x`,
		`rm -rf -- -- x`,
		`rm -- -rf x 2>/dev/null; rm -rf x`,
		`rm -rf x y z`,
		`rm -rf ./x`,
		`rm -rf x/`,
		`rm -rf x/.`,
		`rm -rf "$PWD/x"`,
		`rm -rf ~+/x`,
		`RM=rm; $RM -rf x`,
		`rm=rm; $rm -rf x`,
		`rm() { command rm -rf x; }; rm`,
		`rm() { :; }; unset -f rm; rm -rf x`,
		`rm() { :; }; command rm -rf x`,
		`rm() { :; }; \rm -rf x 2>/dev/null; 'rm' -rf x 2>/dev/null; unset -f rm; rm -rf x`,
		`alias rm=:; rm -rf x`,
		`shopt -s expand_aliases; alias rm=:; \rm -rf x`,
		`shopt -s expand_aliases; alias rm=:; 'rm' -rf x`,
		`shopt -s expand_aliases; alias rm=:; command rm -rf x`,
		`shopt -s expand_aliases; alias rm=:; unalias rm; rm -rf x`,
		`shopt -s expand_aliases
alias z='rm'
z -rf x`,
		`shopt -s expand_aliases
alias z='r\m'
z -rf x`,
		`shopt -s expand_aliases
alias z=$'\x72m'
z -rf x`,
		`shopt -s expand_aliases
alias z="$(echo rm)"
z -rf x`,
		`shopt -s expand_aliases
c=rm; alias z=$c
z -rf x`,
		`shopt -s expand_aliases
alias z='rm ' o='-rf '
z o x`,
		`shopt -s expand_aliases
alias z='eval '
z rm -rf x`,
		`shopt -s expand_aliases
alias z='bash -c'
z 'rm -rf x'`,
		`shopt -s expand_aliases
alias z="rm -rf"
z x`,
		`shopt -s expand_aliases
alias {z,y}=rm
z -rf x`,
		`shopt -s expand_aliases
alias z=rm y=:
z -rf x`,
		`shopt -s expand_aliases
alias -p >/dev/null; alias z=rm
z -rf x`,
		`shopt -s expand_aliases
builtin alias z=rm
z -rf x`,
		`shopt -s expand_aliases
command alias z=rm
z -rf x`,
		`shopt -s expand_aliases
eval alias z=rm
z -rf x`,
		`shopt -s expand_aliases
eval 'alias z=rm'
z -rf x`,
		`shopt -s expand_aliases
a=alias; $a z=rm
z -rf x`,
		`shopt -s expand_aliases
BASH_ALIASES[z]=rm
z -rf x`,
		`shopt -s expand_aliases
BASH_ALIASES+=([z]=rm)
z -rf x`,
		`shopt -s expand_aliases
declare -A BASH_ALIASES=([z]=rm) 2>/dev/null; BASH_ALIASES[z]=rm
z -rf x`,
		`shopt -s expand_aliases
. <(echo alias z=rm)
z -rf x`,
		`shopt -s expand_aliases
source /dev/stdin <<< 'alias z=rm'
z -rf x`,
		`shopt -s expand_aliases
echo 'alias z=rm' > a; . ./a
z -rf x`,
		`shopt -s expand_aliases
alias z=rm; z -rf x 2>/dev/null
z -rf x`,
		`shopt -s expand_aliases; alias z=rm
{ z -rf x; }`,
		`shopt -s expand_aliases; alias z=rm
(z -rf x)`,
		`shopt -s expand_aliases; alias z=rm
f() { z -rf x; }; f`,
		`shopt -s expand_aliases; alias z=rm
echo $(z -rf x)`,
		`shopt -s expand_aliases; alias z=rm
if true; then z -rf x; fi`,
		`shopt -s expand_aliases; alias z=rm
eval z -rf x`,
		`shopt -s expand_aliases; alias z=rm
bash -O expand_aliases -c 'z -rf x' 2>/dev/null; eval 'z -rf x'`,
		`shopt -s expand_aliases; alias ls=rm
ls -rf x`,
		`shopt -s expand_aliases; alias echo=rm
echo -rf x`,
		`shopt -s expand_aliases; alias true='rm -rf x'
true`,
		`shopt -s expand_aliases; alias if='rm -rf x;'
if true; then :; fi`,
		`shopt -s expand_aliases; alias '{'='rm -rf x;'
{ :; }`,
		`shopt -s expand_aliases; alias -- -z=rm 2>/dev/null; alias z=rm
z -rf x`,
		`shopt -s expand_aliases; alias x=rm
x -rf x`,
		`shopt -s expand_aliases; alias ':=rm' 2>/dev/null; alias z=rm
z -rf x`,
		`shopt -s expand_aliases; alias z=rm; unalias y 2>/dev/null
z -rf x`,
		`hash -p /bin/rm z; z -rf x`,
		`hash -p "$(command -v rm)" z; z -rf x`,
		`hash -p /usr/bin/rm ls; ls -rf x`,
		`BASH_CMDS[z]=/bin/rm; z -rf x`,
		`BASH_CMDS+=([z]=/bin/rm); z -rf x`,
		`BASH_CMDS[z]=$(command -v rm); z -rf x`,
		`declare -A BASH_CMDS; BASH_CMDS[z]=/bin/rm; z -rf x`,
		`PATH=$PWD:$PATH; ln -s "$(command -v rm)" z; z -rf x`,
		`mkdir b; ln -s "$(command -v rm)" b/z; PATH=b:$PATH z -rf x`,
		`mkdir b; ln -s "$(command -v rm)" b/z; PATH=$PWD/b:$PATH; z -rf x`,
		`mkdir b; cp "$(command -v rm)" b/ls; PATH=$PWD/b:$PATH ls -rf x`,
		`mkdir b; printf '#!/bin/sh\nexec rm "$@"\n' > b/z; chmod +x b/z; PATH=$PWD/b:$PATH z -rf x`,
		`printf '#!/bin/sh\nrm -rf x\n' > z; chmod +x z; ./z`,
		`printf '#!/bin/bash\nrm -rf x\n' > z; chmod +x z; ./z`,
		`printf '#!/usr/bin/env bash\nrm -rf x\n' > z; chmod +x z; ./z`,
		`printf 'rm -rf x\n' > z; chmod +x z; ./z`,
		`printf 'rm -rf x\n' > z; chmod +x z; PATH=.:$PATH z`,
		`printf 'rm -rf x\n' > z; chmod +x z; $PWD/z`,
		`printf 'rm -rf x\n' > z; chmod u+x z; ./z`,
		`printf 'rm -rf x\n' > z; chmod a+rx z; ./z`,
		`printf 'rm -rf x\n' > z; chmod 700 z; "./z"`,
		`printf 'rm -rf x\n' > z; /bin/chmod +x z; ./z`,
		`printf 'rm -rf x\n' > z; bash -c 'chmod +x z'; ./z`,
		`printf 'rm -rf x\n' > z; install -m 755 z y; ./y`,
		`printf 'rm -rf x\n' | install -m 755 /dev/stdin y; ./y`,
		`printf 'rm -rf x\n' > z; cp z y; chmod +x y; ./y`,
		`echo 'rm -rf x' > z; chmod +x z; exec ./z`,
		`echo 'rm -rf x' > z; chmod +x z; env ./z`,
		`echo 'rm -rf x' > z; chmod +x z; timeout 5 ./z`,
		`echo 'rm -rf x' > z; chmod +x z; ./z; :`,
		`echo 'rm -rf x' > z; chmod +x z; find . -name z -exec {} \;`,
		`echo 'rm -rf x' > z; chmod +x z; echo ./z | xargs sh -c`,
		`echo 'rm -rf x' > z; chmod +x z; ./?`,
		`echo 'rm -rf x' > z; chmod +x z; ./[z]`,
		`echo 'rm -rf x' > z; chmod +x z; c=./z; $c`,
		`echo 'rm -rf x' > z; chmod +x z; "$PWD"/z`,
		`echo 'rm -rf x' > z; chmod +x z; ~+/z`,
		`echo 'rm -rf x' > z; chmod +x z; ././z`,
		`echo 'rm -rf x' > z; chmod +x z; ./x/../z`,
		`echo 'rm -rf x' > z; chmod +x z; cd x; ../z 2>/dev/null; cd ..; ./z`,
		`mkdir d; echo 'rm -rf ../x' > d/z; chmod +x d/z; cd d; ./z`,
		`echo 'rm -rf x' > .z; chmod +x .z; ./.z`,
		`echo 'rm -rf x' > Z; chmod +x Z; ./Z`,
		`echo 'rm -rf x' > z.sh; chmod +x z.sh; ./z.sh`,
		`echo 'rm -rf x' > z.SH; chmod +x z.SH; ./z.SH`,
		`cp /usr/bin/r? del; ./del -rf x`,
		`rsync /bin/rm del 2>/dev/null; ./del -rf x`,
		`cat /bin/rm > del; chmod +x del; ./del -rf x`,
		`ln /bin/rm del; ./del -rf x`,
		`link /bin/rm del; ./del -rf x`,
		`cp -s /bin/rm del; ./del -rf x`,
		`ln -T /bin/rm del; ./del -rf x`,
		`ln -sfn /bin/rm del; ./del -rf x`,
		`ln -s -- /bin/rm del; ./del -rf x`,
		`cp -a /bin/rm del; ./del -rf x`,
		`cp --preserve=mode /bin/rm del; ./del -rf x`,
		`cp /bin/rm a; mv a del; ./del -rf x`,
		`cp /bin/rm a; ln -s a del; ./del -rf x`,
		`install -D /bin/rm d/del; d/del -rf x`,
		`install -m 0755 /bin/rm del; ./del -rf x`,
		`install --mode=755 /bin/rm del; ./del -rf x`,
		`cp -T /bin/rm del; ./del -rf x`,
		`cp --no-target-directory /bin/rm del; ./del -rf x`,
		`dd if=/bin/rm of=del 2>/dev/null; chmod +x del; ./del -rf x`,
		`gzip -c /bin/rm > d.gz; gunzip -c d.gz > del; chmod +x del; ./del -rf x`,
		`tar -cf a.tar -C /bin rm; mkdir t; tar -xf a.tar -C t; mv t/rm del; ./del -rf x`,
		`cp /bin/rm del; PATH=.:$PATH del -rf x`,
		`cp /bin/rm del; PATH=$PWD del -rf x`,
		`cp /bin/rm del; env PATH=. del -rf x`,
		`cp /bin/rm del; export PATH=.:$PATH; del -rf x`,
		`cp /bin/rm del; hash -p ./del z; z -rf x`,
		`cp /bin/rm del; exec -a ls ./del -rf x`,
		`cp /bin/rm del; find . -maxdepth 1 -name x -exec ./del -rf {} +`,
		`cp /bin/rm del; echo x | xargs ./del -rf`,
		`cp /bin/rm del; sudo ./del -rf x`,
		`cp /bin/rm del; timeout 5 ./del -rf x`,
		`cp /bin/rm del; bash -c './del -rf x'`,
		`mkdir b; cp /bin/rm b/; b/rm -rf x`,
		`cp /bin/rm .; ./rm -rf x`,
		`: rm; $_ -rf x`,
		`rm; $_ -rf x 2>/dev/null; : rm; $_ -rf x`,
		`BASH_ARGV0=rm; $0 -rf x`,
		`echo '$1 -rf x' > s; . ./s rm`,
		`echo rm -rf x | xargs env`,
		`echo rm -rf x | xargs nice`,
		`echo rm -rf x | xargs timeout 5`,
		`echo rm -rf x | xargs nohup 2>/dev/null`,
		`echo rm -rf x | xargs time -p 2>/dev/null`,
		`echo rm -rf x | xargs command 2>/dev/null; echo rm -rf x | xargs env`,
		`echo rm -rf x | xargs sh -c '"$@"' _`,
		`echo rm -rf x | xargs bash -c '$0 "$@"'`,
		`echo rm -rf x | xargs -n3 env`,
		`echo rm -rf x | xargs -I{} sh -c '{}'`,
		`echo rm -rf x | xargs -0 -I{} bash -c {}`,
		`echo rm -rf x | xargs stdbuf -o0`,
		`echo rm -rf x | xargs setsid -w`,
		`echo rm -rf x | xargs xargs`,
		`echo rm -rf x | xargs -- env`,
		`echo rm -rf x | xargs env --`,
		`echo rm -rf x | xargs env -i`,
		`echo rm -rf x | xargs nice -n 1`,
		`echo rm -rf x | xargs flock l`,
		`echo rm -rf x | xargs ionice -c3`,
		`echo x | xargs -I{} find {} -maxdepth 0 -exec rm -rf {} +`,
		`xargs env <<< 'rm -rf x'`,
		`xargs -a <(echo rm -rf x) env`,
		`echo rm -rf x > a; xargs -a a env`,
		`echo rm -rf x > a; xargs env < a`,
		`IFS=:; set -- rm:-rf:x; $*`,
		`IFS=:; a=rm:-rf:x; $a`,
		`IFS=r; a=xr; ${a}m -rf x 2>/dev/null; IFS=' '; rm -rf x`,
		`PS3='$(rm -rf x)'; select v in a; do break; done <<< 1 2>/dev/null`,
		`printf '%d' 'a[$(rm -rf x)]' 2>/dev/null; :`,
		`[ a -eq 'a[$(rm -rf x)]' ] 2>/dev/null; :`,
		`declare -i n; n+='a[$(rm -rf x)]' 2>/dev/null; :`,
		`declare -A m; m[k]=1; (( m['$(rm -rf x)'] )) 2>/dev/null; :`,
		`a=1; echo $(( a[$(rm -rf x)] ))`,
		`echo $[ $(rm -rf x) ]`,
		`echo $[ a[$(rm -rf x)] ]`,
		`x='a[$(rm -rf x)]'; echo $[x]`,
		`ulimit -n $(rm -rf x) 2>/dev/null; :`,
		`exec {fd}<<< 'rm -rf x'; bash <&$fd`,
		`exec {fd}<<< 'rm -rf x'; source /dev/fd/$fd`,
		`exec 7<<< 'rm -rf x'; . /dev/fd/7`,
		`bash -c "$(<<< 'rm -rf x' cat)"`,
		`echo 'rm -rf x' > h; set -o history; history -r h; fc -s 2>/dev/null; :`,
		`shopt -s execfail; exec /nonexistent 2>/dev/null; rm -rf x`,
		`case a in a) ;& b) rm -rf x;; esac`,
		`case a in a) ;;& *) rm -rf x;; esac`,
		`awk 'BEGIN{system("rm -rf x")}'`,
		`awk 'BEGIN{c="rm -rf x"; system(c)}'`,
		`awk 'BEGIN{print "rm -rf x" | "sh"}'`,
		`perl -e 'system "rm -rf x"'`,
		`perl -e '`+"`rm -rf x`"+`'`,
		`python3 -c 'import os; os.system("rm -rf x")'`,
		`python3 -c "__import__('os').system('rm -rf x')"`,
		`python3 <<< 'import os; os.system("rm -rf x")'`,
		`python3 - <<< 'import os; os.system("rm -rf x")'`,
		`sed -n '1e rm -rf x' <<< a`,
		`sed 's/.*/rm -rf x/e' <<< a`,
		`sed -n 'e rm -rf x' <<< a`,
		`echo a | sed 's/a/rm -rf x/' | sh`,
		`find . -maxdepth 0 -exec sh -c 'rm -rf x' \;`,
		`find . -maxdepth 0 -execdir sh -c 'rm -rf x' \;`,
		`make -f - <<< $'all:\n\trm -rf x' >/dev/null`,
		`printf 'all:\n\trm -rf x\n' > mk; make -f mk >/dev/null`,
		`printf 'all:\n\trm -rf x\n' > Makefile; make >/dev/null`,
		`make --eval=$'all:\n\trm -rf x' -f /dev/null >/dev/null`,
		`env -C . rm -rf x`,
		`env --chdir=. rm -rf x`,
		`nice -n5 -- rm -rf x`,
		`exec 5>&1; rm -rf x >&5`,
		`rm -rf x &>> /dev/null`,
		`function f() { rm -rf x; }; f`,
		`f() { rm -rf x; }; declare -f f >/dev/null; g() { f; }; g`,
		`f() { "${@:2}"; }; f _ rm -rf x`,
		`f() { local c=$1; shift; $c "$@"; }; f rm -rf x`,
		`f() { local -n r=$1; $r -rf x; }; c=rm; f c`,
		`c=rm; f() { $c -rf x; }; f`,
		`f() { c=rm; }; f; $c -rf x`,
		`f() { echo rm; }; $(f) -rf x`,
		`f() { printf -v "$1" rm; }; f c; $c -rf x`,
		`f() { read -r "$1" <<< rm; }; f c; $c -rf x`,
		`f() { eval "$1=rm"; }; f c; $c -rf x`,
		`f() { declare -g "$1=rm"; }; f c; $c -rf x`,
		`declare "c=rm"; $c -rf x`,
		`declare c"=rm"; $c -rf x`,
		`n=c; declare "$n=rm"; $c -rf x`,
		`n=c; printf -v "$n" rm; $c -rf x`,
		`n=c; read "$n" <<< rm; $c -rf x`,
		`export "c=rm"; $c -rf x`,
		`local "c=rm" 2>/dev/null; declare "c=r""m"; $c -rf x`,
		`typeset c=rm; $c -rf x`,
		`readonly c=rm; $c -rf x`,
		`declare -r c=rm; $c -rf x`,
		`declare -- c=rm; $c -rf x`,
		`c=(rm); c+=(-rf); "${c[@]}" x`,
		`c=([1]=-rf [0]=rm); "${c[@]}" x`,
		`declare -a c='([0]=rm [1]=-rf)'; "${c[@]}" x`,
		`declare -A c='([a]=rm)'; ${c[a]} -rf x`,
		`c=rm; c[1]=-rf; "${c[@]}" x`,
		`set -a; c=rm; bash -c '$c -rf x'`,
		`declare -x c=rm; bash -c '$c -rf x'`,
		`c=rm; export c; env | grep -q '^c=' && bash -c '"$c" -rf x'`,
	)
	return out
}
