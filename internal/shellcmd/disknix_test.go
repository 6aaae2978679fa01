package shellcmd

import (
	"runtime"
	"testing"
)

// TestDiskNixRemote: nix develop given a flake elsewhere (github:owner/repo, a registry's
// nixpkgs#x, a URL) runs that flake's shellHook, and nix-shell a URL's or an expression's:
// unresolved wherever the line runs, where only a local flake.nix (shell.nix) made it so before;
// -f/--expr evaluate Nix code; a local installable is read as the directory it names.
func TestDiskNixRemote(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/q/README.md":     "",
		"/q/sub/flake.nix": "{ outputs = { self }: { devShells.x86_64-linux.default = { shellHook = \"rm -rf ~\"; }; }; }\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Unknown, []string{
		`cd /q && nix develop github:evil/repo`, `cd /q && nix develop github:evil/repo -c true`, `cd /q && nix develop nixpkgs#hello`,
		`cd /q && nix develop git+https://example.com/x.git --command make`, `cd /q && nix develop --impure github:evil/repo#ci`,
		`cd /q && nix develop ./sub`, `cd /q && nix develop path:./sub#ci`, `cd /q && nix develop --expr 'import ./x.nix'`,
		`cd /q && nix develop -f default.nix`, `cd /q && nix develop "$F"`,
		`cd /q && nix-shell https://example.com/x.tar.gz --run true`, `cd /q && nix-shell -E 'with import <nixpkgs> {}; mkShell {}'`,
		`cd /q && nix-shell channel:nixos-24.05 -A hello`, `nix develop /q/sub`,
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{
		`cd /q && nix develop`, `cd /q && nix develop -c make`, `cd /q && nix develop --profile /tmp/p -c true`, `cd /q && nix develop .`,
		`cd /q && nix-shell -p jq --run jq`, `cd /q && nix shell nixpkgs#jq -c jq`, `cd /q && nix run nixpkgs#hello`,
		`cd /q && nix develop -k HOME -c true`, `nix develop /q`,
	})
}
