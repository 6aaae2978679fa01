//go:build unix

package exec

import (
	"context"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

var (
	pipefailOnce  sync.Once
	pipefailKnown bool
)

// KnowsPipefail reports whether /bin/sh accepts set -o pipefail (bash,
// zsh, ksh do; dash does not), asked of it once.
func KnowsPipefail() bool {
	pipefailOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		sh := osexec.CommandContext(ctx, Shell, "-c", "set -o pipefail")
		sh.Env = []string{}
		pipefailKnown = sh.Run() == nil
	})
	return pipefailKnown
}

// shellAvailable: every Unix has /bin/sh.
func shellAvailable(string) error { return nil }

// shellSyntax says, in the shell's own words, why the shell at path (run
// as argv0) cannot read line, which a handler gives it (what: "this
// command line"), or returns nil. A shell exits 2 on such a line before
// anything runs, and exit 2 is the deny convention: a typo in a blocking
// hook's line would deny every call as if its guard had decided. A parser
// screens each line in microseconds; the shell itself, with -n (read, run
// nothing), has the last word, so a line this machine's shell reads is
// never named. It is asked for at most limit (and until ctx ends): past
// that, or when it cannot be asked, nothing is named.
func shellSyntax(ctx context.Context, limit time.Duration, path, argv0, line, what string) error {
	if _, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), ""); err == nil || limit <= 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	sh := osexec.CommandContext(ctx, path, "-n", "-c", line)
	sh.Args[0] = argv0 // as the handler runs it, so the message reads as emit's would
	sh.Env = []string{}
	// A child of a shell that hangs may hold the output: ended or not, it
	// is not waited for.
	sh.WaitDelay = 100 * time.Millisecond
	out, err := sh.CombinedOutput()
	var exit *osexec.ExitError
	if err == nil || ctx.Err() != nil || !errors.As(err, &exit) || exit.ExitCode() != 2 {
		return nil
	}
	why, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if len(why) > 200 {
		why = why[:200] + "…"
	}
	return fmt.Errorf("%s cannot read %s and exits 2 on it, which from a blocking hook is a deny: %s", argv0, what, why)
}

// executable reports whether a file with these permissions can be run.
func executable(_ string, st os.FileInfo) bool { return st.Mode()&0o111 != 0 }

func notExecutable(shown string) error {
	return fmt.Errorf("%s is not executable (chmod +x %s)", shown, shown)
}

// pathVar reports whether an environment variable's name is PATH's.
func pathVar(name string) bool { return name == "PATH" }
