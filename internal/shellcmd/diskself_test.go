package shellcmd

import "testing"

// TestDiskSelfPath: a script read from disk names its own place in more ways than "$0":
// ${BASH_SOURCE[0]} (its own path, also in a file it sources), realpath and readlink -f of either,
// ${BASH_SOURCE%/*}, and the cd … && pwd idiom with blanks and redirections.
func TestDiskSelfPath(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/s/b.sh":        "rm -rf ~\n",
		"/p/s/bs.sh":       ". \"$(dirname \"${BASH_SOURCE[0]}\")/b.sh\"\n",
		"/p/s/bs2.sh":      "source \"${BASH_SOURCE%/*}/b.sh\"\n",
		"/p/s/bs3.sh":      "DIR=\"$( cd \"$( dirname \"${BASH_SOURCE[0]}\" )\" &> /dev/null && pwd )\"\n. \"$DIR/b.sh\"\n",
		"/p/s/bs4.sh":      "here=$(cd -- \"$(dirname -- \"${BASH_SOURCE[0]:-$0}\")\" >/dev/null 2>&1; pwd -P)\nbash \"$here\"/b.sh\n",
		"/p/s/bs5.sh":      "source $(dirname $BASH_SOURCE)/b.sh\n",
		"/p/s/rp.sh":       ". \"$(dirname \"$(realpath \"$0\")\")/b.sh\"\n",
		"/p/s/rl.sh":       "SELF=$(readlink -f \"$0\")\nsh \"${SELF%/*}/b.sh\"\n",
		"/p/s/rl2.sh":      "cd \"$(dirname \"$(readlink -f \"$0\")\")/..\" && sh s/b.sh\n",
		"/p/s/rp2.sh":      "ROOT=$(realpath \"$(dirname \"$0\")/..\")\nsh \"$ROOT/s/b.sh\"\n",
		"/p/s/up.sh":       "cd \"$(dirname \"${BASH_SOURCE[0]}\")/..\"\nsh s/b.sh\n",
		"/p/s/src.sh":      ". \"$(dirname \"$0\")/lib/in.sh\"\n",
		"/p/s/lib/in.sh":   ". \"$(dirname \"${BASH_SOURCE[0]}\")/b.sh\"\n", // BASH_SOURCE is the sourced file: lib/b.sh
		"/p/s/lib/b.sh":    "rm -rf ~\n",
		"/p/s/name.sh":     "sh \"$(dirname \"$0\")/$(basename \"$0\" .sh)/b.sh\"\n",
		"/p/s/name/b.sh":   "rm -rf ~\n",
		"/p/s/ok.sh":       ". \"$(dirname \"${BASH_SOURCE[0]}\")/lib/ok.sh\"\n",
		"/p/s/lib/ok.sh":   "echo ok\n",
		"/p/s/src2.sh":     ". \"$(dirname \"$0\")/lib/in2.sh\"\n",
		"/p/s/lib/in2.sh":  ". \"$(dirname \"${BASH_SOURCE[0]}\")/ok.sh\"\n",
		"/p/s/readlink.sh": "sh \"$(readlink \"$0\")\"\n", // readlink without -f: the link's text, not known
		"/p/s/var.sh":      "SCRIPT=$(readlink -f \"$0\")\nHERE=$(dirname \"$SCRIPT\")\nROOT=$(cd \"$HERE/..\" && pwd)\nsh \"$ROOT/s/b.sh\"\n",
		"/p/s/awk.sh":      "awk '{print $BASH_SOURCE}' x\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`sh s/bs.sh`, `bash s/bs2.sh`, `bash s/bs3.sh`, `bash s/bs4.sh`, `bash s/bs5.sh`,
		`sh s/rp.sh`, `./s/rl.sh`, `sh s/rl2.sh`, `sh s/rp2.sh`, `cd s && bash up.sh`, `bash s/src.sh`, `sh s/name.sh`, `sh s/var.sh`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`bash s/ok.sh`, `bash s/src2.sh`, `sh s/readlink.sh`, `sh s/awk.sh`})
	for _, src := range []string{`bash s/ok.sh`, `bash s/src2.sh`, `bash s/bs3.sh`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%s: unresolved %q", src, l.Unresolved)
		}
	}
	for _, c := range []struct{ in, want string }{
		{`cd "$(dirname "$0")"; n=$(basename "$0"); s=$(dirname "$(dirname "$0")")/$n; d="$(cd "$(dirname "$0")" && pwd)"`,
			`cd "/p/.husky/_"; n=h; s=/p/.husky/$n; d="/p/.husky/_"`},
		{`D="$( cd "$( dirname "${BASH_SOURCE[0]}" )" &> /dev/null && pwd )"`, `D="/p/.husky/_"`},
		{`x=$(dirname "$X"); y=$(pwd); z=$(readlink "$0"); w=$(basename "$0" .sh)`, `x=$(dirname "$X"); y=$(pwd); z=$(readlink "/p/.husky/_/h"); w=h`},
		{"`dirname $0`/b ${0##*/} ${BASH_SOURCE##*/} $BASH_SOURCE_X", "/p/.husky/_/b h h $BASH_SOURCE_X"},
	} {
		if got := withSelf(c.in, "/p/.husky/_/h", "/p/.husky/_/h"); got != c.want {
			t.Errorf("withSelf(%s):\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}
