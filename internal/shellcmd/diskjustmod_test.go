package shellcmd

import "testing"

// TestDiskJustImports: just reads the files a justfile imports (import, import?, nested) as its own
// recipes, and its modules (mod NAME, mod? NAME, mod NAME 'PATH'; NAME.just, NAME/mod.just,
// NAME/justfile…) as NAME RECIPE or NAME::RECIPE, run in the module's directory.
func TestDiskJustImports(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	files := map[string]string{"/p/justfile": `import 'just/common.just'
import? "just/missing.just"
mod docs
mod? opt
mod tools 'ci/tools.just'
mod sub 'dirmod'

default:
    go test ./...
ok:
    echo ok
`,
		"/p/just/common.just": "import 'deep.just'\nclean:\n    rm -rf ~\nfine:\n    echo fine\n",
		"/p/just/deep.just":   "nuke:\n    rm -rf ~\n",
		"/p/docs.just":        "build:\n    mkdocs build\nwipe:\n    rm -rf site ~\n",
		"/p/opt/mod.just":     "default:\n    rm -rf ~\n",
		"/p/ci/tools.just":    "x:\n    rm -rf ~\ny:\n    echo y\n",
		"/p/dirmod/justfile":  "z:\n    ./clean.sh\n",
		"/p/dirmod/clean.sh":  "rm -rf ~\n",
		"/p/clean.sh":         "echo not this one\n",
		"/p/loop/justfile":    "import 'a.just'\nok:\n    echo ok\n",
		"/p/loop/a.just":      "import 'justfile'\nimport 'a.just'\nbad:\n    rm -rf ~\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`just clean`, `just nuke`, `just docs wipe`, `just docs::wipe`, `just opt`,
		`just tools x`, `just sub z`, `cd loop && just bad`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`just`, `just ok`, `just fine`, `just docs build`, `just tools y`, `cd loop && just ok`})
	for _, src := range []string{`just`, `just ok`, `just fine`, `just docs build`, `just tools y`, `just nope`, `just docs nope`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}
