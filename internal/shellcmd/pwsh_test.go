package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// PowerShell lines that run a recursive forced delete: each must match "rm -r|-R|--recursive
// -f|--force", or be unknown when what runs cannot be read; none may pass.
var psAttackMatch = []string{
	`Remove-Item -Recurse -Force build`,
	`remove-item -recurse -force build`,
	`Remove-Item build -Force -Recurse`,
	`rm -r -fo build`,
	`del -Recurse -Force build`,
	`ri -rec -fo build`,
	`erase build -r -force`,
	`rd -r -fo build`,
	`rmdir -Recurse -Force build`,
	`Remove-Item –Recurse —Force build`, // en and em dashes are dashes to PowerShell
	`Remove-Item -Recurse:$true -Force build`,
	"Remove-Item `\n -Recurse -Force build", // a line continuation
	`Get-ChildItem; Remove-Item -Recurse -Force build`,
	`Get-ChildItem | Remove-Item -Recurse -Force`,
	`Test-Path build && Remove-Item -Recurse -Force build`,
	`if (Test-Path build) { Remove-Item -Recurse -Force build }`,
	`foreach ($d in 'a','b') { Remove-Item -Recurse -Force $d }`,
	`Get-ChildItem | ForEach-Object { Remove-Item -Recurse -Force $_ }`,
	`gci | % { ri -r -fo $_ }`,
	`Write-Output (Remove-Item -Recurse -Force build)`,
	`Write-Output "$(Remove-Item -Recurse -Force build)"`,
	`$x = Remove-Item -Recurse -Force build`,
	`& { Remove-Item -Recurse -Force build }`,
	`. { Remove-Item -Recurse -Force build }`,
	`function f { Remove-Item -Recurse -Force build }; f`,
	`return Remove-Item -Recurse -Force build`,
	"@\"\n$(Remove-Item -Recurse -Force build)\n\"@",
	`Invoke-Expression 'Remove-Item -Recurse -Force build'`,
	`iex "Remove-Item -Recurse -Force build"`,
	`Invoke-Command -ScriptBlock { Remove-Item -Recurse -Force build }`,
	`Start-Job { rm -r -fo build }`,
	`Microsoft.PowerShell.Management\Remove-Item -Recurse -Force build`,
	`$a = $b = Remove-Item -Recurse -Force build`,
	// Programs: read as any shell's.
	`& 'C:\Program Files\Git\usr\bin\rm.exe' -rf build`,
	`rm.exe -rf build`,
	`C:\Git\usr\bin\rm -rf build`,
	`bash -c 'rm -rf build'`,
	`wsl rm -rf build`,
	`wsl -e rm -rf build`,
	`wsl -d Ubuntu -- rm -rf build`,
	`pwsh -Command "Remove-Item -Recurse -Force build"`,
	`powershell.exe -NoProfile -c "rm -r -fo build"`,
	`pwsh -nop -ExecutionPolicy Bypass -Command Remove-Item -Recurse -Force build`,
	`sudo rm -rf build`,
	// What cannot be read.
	`$c = 'Remove-Item'; & $c -Recurse -Force build`,
	`& (Get-Command Remove-Item) -Recurse -Force build`,
	`Invoke-Expression $s`,
	`[IO.Directory]::Delete('build', $true)`,
	`(Get-Item build).Delete($true)`,
	`$d = Get-Item build; $d.Delete($true)`,
	`Get-Item build | ForEach-Object Delete`,
	`Get-Item build | % -MemberName Delete`,
	`pwsh -EncodedCommand UgBlAG0AbwB2AGUA`,
	`powershell -enc UgBlAG0AbwB2AGUA`,
	`Set-Alias x Remove-Item; x -Recurse -Force build`,
	`Set-Item alias:x Remove-Item; x -r -fo build`,
	`New-Item -Path function:x -Value 'Remove-Item -Recurse -Force build'; x`,
	`Start-Process rm -ArgumentList '-rf','build'`,
	`cmd /c rd /s /q build`,
	`cmd.exe /c "rd /s /q build"`,
	`r 12`,
	`Remove-Item --% -Recurse -Force build`,
	`Remove-Item (`,
	`Remove-Item "build`,
}

func TestPowerShellAttackLines(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	for _, line := range psAttackMatch {
		l := ParseAs(line, PowerShell)
		if o, why := p.MatchLine(&l); o == NoMatch {
			t.Errorf("%q: no match, want a match or unknown (commands %+v, unresolved %q)", line, l.Commands, l.Unresolved)
		} else if o == Unknown && why == "" {
			t.Errorf("%q: unknown without a reason", line)
		}
	}
}

func TestPowerShellLines(t *testing.T) {
	for _, tc := range []struct {
		line       string
		pattern    string
		want       Outcome
		paths      []string
		unresolved string // a part of the first reason
		unknown    string // a part of the first unknown path's reason
	}{
		// A backslash separates path components: it is not an escape.
		{line: `Remove-Item -Force .system\hooks\guard.yaml`, pattern: "rm", want: Match, paths: []string{".system/hooks/guard.yaml"}},
		{line: `ri '.system\hooks'`, pattern: "Remove-Item", want: Match, paths: []string{".system/hooks"}},
		{line: `Set-Content -Path .system\hooks\x.yaml -Value 'enabled: false'`, pattern: "sc", want: Match, paths: []string{".system/hooks/x.yaml", "enabled: false"}},
		{line: `"enabled: false" > .system\hooks\x.yaml`, pattern: "rm", want: NoMatch, paths: []string{".system/hooks/x.yaml"}},
		{line: `Get-Content a.txt 2>$null | Out-File -FilePath .system\hooks\x.yaml`, pattern: "rm", want: NoMatch, paths: []string{"a.txt", ".system/hooks/x.yaml"}},
		{line: `Copy-Item x.yaml -Destination:.system\hooks`, pattern: "cp", want: Match, paths: []string{"x.yaml", ".system/hooks"}},
		{line: "Remove-Item .sys``tem\\hooks", pattern: "rm", want: Match, paths: []string{".sys`tem/hooks"}},
		{line: `cd .system; Remove-Item hooks\x.yaml`, pattern: "rm", want: Match, paths: []string{".system", "hooks/x.yaml", ".system/hooks/x.yaml"}},
		{line: "Remove-Item ‘.system\\hooks’", pattern: "rm", want: Match, paths: []string{".system/hooks"}},
		{line: `Remove-Item "it''s" 'it''s'`, pattern: "rm", want: Match, paths: []string{"it''s", "it's"}},
		// Parameters: prefixes and case, matched against a pattern's short and long options.
		{line: `Remove-Item -Recurse x`, pattern: "rm -rf", want: NoMatch, paths: []string{"x"}},
		{line: `Remove-Item -Recurse x`, pattern: "Remove-Item -Recurse", want: Match},
		{line: `Remove-Item -r x`, pattern: "Remove-Item -Recurse", want: Match},
		{line: `Remove-Item -fo x`, pattern: "rm --force", want: Match},
		{line: `Remove-Item x`, pattern: "rm --force", want: NoMatch},
		{line: `git push --force`, pattern: "git push --force", want: Match},
		{line: `git push -f`, pattern: "git push --force|-f", want: Match},
		{line: `Get-ChildItem -Recurse -Filter *.go`, pattern: "rm", want: NoMatch},
		// Text and code are not paths; constants are known.
		{line: `Write-Output $env:USERPROFILE`, pattern: "rm", want: NoMatch},
		{line: `Get-ChildItem | Where-Object { $_.Length -gt 1MB } | Sort-Object Length`, pattern: "rm", want: NoMatch},
		{line: `Remove-Item x -Confirm:$false`, pattern: "rm", want: Match, paths: []string{"x"}},
		{line: `Remove-Item x -Confirm:$false`, pattern: "rm -rf", want: NoMatch},
		{line: "Remove-Item .sys`tem\\hooks", pattern: "rm", want: Match, paths: []string{".system/hooks", ".sys\tem/hooks"}},
		{line: `rm.exe --% -rf %D%\hooks`, pattern: "rm", want: Unknown, unresolved: "--% passes the rest of the line", unknown: "--% passes"},
		// A value only known when it runs.
		{line: `Remove-Item $env:TEMP\x`, pattern: "rm", want: Match, unknown: `the path $env:TEMP\x is only known when the line runs`},
		{line: `Remove-Item -Force $p`, pattern: "rm -rf", want: Unknown, unknown: "$p"},
		{line: `Get-Date > $out`, pattern: "rm", want: NoMatch, unknown: "$out"},
		{line: `Set-Location $HOME; Remove-Item x`, pattern: "rm", want: Match, unknown: "x is relative to $HOME"},
		// What cannot be read.
		{line: `& $tool -rf x`, pattern: "rm", want: Unknown, unresolved: "the command name $tool is only known when the line runs"},
		{line: `[System.IO.File]::Delete('.system\hooks\x.yaml')`, pattern: "rm", want: Unknown, unresolved: "[System.IO.File]::Delete calls a .NET method", unknown: "[System.IO.File]::Delete calls a .NET method"},
		{line: `Invoke-Expression $cmd`, pattern: "rm", want: Unknown, unresolved: "Invoke-Expression runs $cmd"},
		{line: `pwsh -e UgBlAA==`, pattern: "rm", want: Unknown, unresolved: "pwsh -EncodedCommand runs base64 text"},
		{line: `Set-Alias ls Remove-Item`, pattern: "rm", want: Unknown, unresolved: "Set-Alias makes a name stand for another command"},
		{line: `Write-Output "alias:"`, pattern: "rm", want: Unknown, unresolved: "alias: drive"},
		{line: `cmd /c del x`, pattern: "rm", want: Unknown, unresolved: "cmd runs a cmd.exe command line"},
		{line: `Remove-Item )`, pattern: "rm", want: Unknown, unresolved: `not valid PowerShell: an unmatched ")"`},
		{line: `Remove-Item 'x`, pattern: "rm", want: Unknown, unresolved: "not valid PowerShell: a quoted string is never closed"},
		// Comments are not read.
		{line: "Get-Date # Remove-Item -Recurse x\nGet-Date <# Remove-Item #>", pattern: "rm", want: NoMatch},
	} {
		l := ParseAs(tc.line, PowerShell)
		p := mustCompile(tc.pattern)
		if o, why := p.MatchLine(&l); o != tc.want {
			t.Errorf("%q against %q: outcome %d (%s), want %d; commands %+v", tc.line, tc.pattern, o, why, tc.want, l.Commands)
		}
		if tc.paths != nil && !slices.Equal(l.Paths, tc.paths) {
			t.Errorf("%q: paths %q, want %q", tc.line, l.Paths, tc.paths)
		}
		if tc.unresolved != "" && (len(l.Unresolved) == 0 || !strings.Contains(l.Unresolved[0], tc.unresolved)) {
			t.Errorf("%q: unresolved %q, want %q first", tc.line, l.Unresolved, tc.unresolved)
		}
		if tc.unresolved == "" && tc.want != Unknown && len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q, want none", tc.line, l.Unresolved)
		}
		if tc.unknown != "" && (len(l.UnknownPaths) == 0 || !strings.Contains(l.UnknownPaths[0], tc.unknown)) {
			t.Errorf("%q: unknown paths %q, want %q first", tc.line, l.UnknownPaths, tc.unknown)
		}
		if tc.unknown == "" && tc.unresolved == "" && len(l.UnknownPaths) > 0 {
			t.Errorf("%q: unknown paths %q, want none", tc.line, l.UnknownPaths)
		}
	}
}

// A POSIX line runs PowerShell through pwsh or powershell, and cmd.exe through cmd: neither is
// read as POSIX shell.
func TestPowerShellFromPOSIX(t *testing.T) {
	p := mustCompile("rm -rf")
	for line, want := range map[string]Outcome{
		`pwsh -c 'Remove-Item -Recurse -Force build'`:           Match,
		`powershell.exe -Command "rm -r -fo build"`:             Match,
		`pwsh -File x.ps1`:                                      NoMatch,
		`pwsh -EncodedCommand UgBlAA==`:                         Unknown,
		`pwsh`:                                                  Unknown,
		`pwsh -Command -`:                                       Unknown,
		`cmd //c "rd /s /q build"`:                              Unknown,
		`wsl -- rm -rf build`:                                   Match,
		`pwsh -c "[IO.Directory]::Delete('build', 1)"`:          Unknown,
		`pwsh -NoProfile -Command Get-ChildItem -Recurse build`: NoMatch,
	} {
		l := Parse(line)
		if o, why := p.MatchLine(&l); o != want {
			t.Errorf("%q: outcome %d (%s), want %d", line, o, why, want)
		}
	}
	l := Parse(`pwsh -c 'Remove-Item .system\hooks\x.yaml'`)
	if !slices.Contains(l.Paths, ".system/hooks/x.yaml") {
		t.Errorf("pwsh -c: paths %q, want .system/hooks/x.yaml", l.Paths)
	}
	// Git Bash is bash: there a backslash escapes, as on any POSIX shell.
	if l := Parse(`rm -rf .system\hooks`); !slices.Equal(l.Paths, []string{".systemhooks"}) {
		t.Errorf("bash: paths %q, want .systemhooks", l.Paths)
	}
}

// A line whose shell is not known is read both ways: what either reading finds counts.
func TestAnyShell(t *testing.T) {
	l := ParseAs(`Remove-Item -Recurse -Force .system\hooks`, AnyShell)
	if !slices.Contains(l.Paths, ".system/hooks") || !slices.Contains(l.Paths, ".systemhooks") {
		t.Errorf("paths %q, want both readings'", l.Paths)
	}
	if o, _ := mustCompile("rm -rf").MatchLine(&l); o != Match {
		t.Errorf("rm -rf: outcome %d, want a match", o)
	}
	l = ParseAs(`for f in *; do rm -rf "$f"; done`, AnyShell)
	if o, _ := mustCompile("rm -rf").MatchLine(&l); o != Match {
		t.Errorf("a POSIX loop: outcome %d, want a match", o)
	}
	for name, want := range map[string]Shell{"": POSIX, "sh": POSIX, "bash": POSIX, "powershell": PowerShell, "unknown": AnyShell} {
		if got, ok := ShellNamed(name); !ok || got != want {
			t.Errorf("ShellNamed(%q) = %d, %v; want %d", name, got, ok, want)
		}
	}
	if got, ok := ShellNamed("cmd"); ok || got != AnyShell {
		t.Errorf("ShellNamed(cmd) = %d, %v; want AnyShell, false", got, ok)
	}
}

// FuzzParsePowerShell reads arbitrary lines as PowerShell, and as either shell: no panic, no
// empty path, and a pattern is only Unknown with a reason, and only when something in the line is
// unknown.
func FuzzParsePowerShell(f *testing.F) {
	for _, line := range psAttackMatch {
		f.Add(line)
	}
	for _, line := range []string{"@'\nx\n'@", "@\"\n$(rm x)\n\"@", "$x.y.Z(1)", "${a b}", "`", "a`", "'", "\"$(", "<#", "--%", "&", ". .\\x.ps1", "@{a=1; b=(rm x)}", "–", "x > ", "2>&1", "*>>f"} {
		f.Add(line)
	}
	patterns := fuzzPatterns()
	f.Fuzz(func(t *testing.T, line string) {
		for _, sh := range []Shell{PowerShell, AnyShell} {
			l := ParseAs(line, sh)
			checkLine(t, patterns, line, sh, &l)
		}
	})
}

// BenchmarkParsePowerShell100KB reads a 100 KB PowerShell line of many commands (pipelines, script
// blocks, subexpressions, aliases) and matches two patterns on it, as BenchmarkParseMatch100KB does
// for a POSIX line.
func BenchmarkParsePowerShell100KB(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 100<<10; i++ {
		sb.WriteString(`Write-Output "build $i: $(Get-Date -Format s)" | Select-String -NotMatch 'skip me'; if (Test-Path .\out) { Get-ChildItem .\out | ForEach-Object { ri -r -fo $_ } }; Remove-Item -Recurse -Force .\out\tmp-` + strings.Repeat("x", i%7) + "\n")
	}
	line := sb.String()
	patterns := []*Pattern{mustCompile("rm -rf"), mustCompile("rm -r|-R|--recursive -f|--force")}
	b.SetBytes(int64(len(line)))
	b.ResetTimer()
	for b.Loop() {
		l := parseAs(line, PowerShell)
		for _, p := range patterns {
			p.MatchLine(&l)
		}
	}
}

// TestPowerShellTrees: cmdlets that change what lies beneath a directory (Remove-Item -Recurse,
// Expand-Archive, a recursive or wildcard Copy-Item or Move-Item), and those given no path in a
// pipeline, whose paths come from it.
func TestPowerShellTrees(t *testing.T) {
	for _, tc := range []struct {
		line    string
		trees   []string
		unknown string
	}{
		{`Remove-Item -Recurse -Force .`, []string{"."}, ""},
		{`rm -r -fo build, dist`, []string{"build", "dist"}, ""},
		{`Remove-Item build`, nil, ""},
		{`Expand-Archive C:\tmp\e.zip`, []string{"."}, ""},
		{`Expand-Archive e.zip -DestinationPath out`, []string{"out"}, ""},
		{`Copy-Item -Recurse C:\tmp\evil\* . -Force`, []string{"."}, ""},
		{`Move-Item C:\tmp\evil\* -Destination lib`, []string{"lib"}, ""},
		{`Copy-Item a.txt b.txt`, nil, ""},
		{`Get-ChildItem -Recurse | Remove-Item`, nil, "Remove-Item takes the paths it changes from the pipeline, only known when the line runs"},
		{`gci -r | Set-Content -Value x`, nil, "Set-Content takes the paths it changes from the pipeline"},
		{`Get-Content a.txt | Set-Content b.txt`, nil, ""},
		{`gci | Remove-Item -LiteralPath x`, nil, ""},
		{`Get-ChildItem || Remove-Item`, nil, ""},
		{`robocopy C:\empty . /MIR`, []string{"."}, ""},
		{`xcopy C:\tmp\evil . /E /Y`, []string{"."}, ""},
	} {
		l := ParseAs(tc.line, PowerShell)
		if !slices.Equal(l.TreePaths, tc.trees) {
			t.Errorf("%q: trees %q, want %q", tc.line, l.TreePaths, tc.trees)
		}
		first := ""
		if len(l.UnknownPaths) > 0 {
			first = l.UnknownPaths[0]
		}
		if tc.unknown == "" && first != "" || !strings.Contains(first, tc.unknown) {
			t.Errorf("%q: unknown paths %q, want %q", tc.line, l.UnknownPaths, tc.unknown)
		}
	}
}
