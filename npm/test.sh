#!/bin/sh
# Installs the packed npm packages (npm/build.sh) into a temporary project
# without a registry, then runs hookrun the way an agent's settings would:
# through node_modules/.bin/hookrun. Checks that the postinstall step put
# the native binary there (no Node start-up per event), that it answers an
# agent's payload, and, with --ignore-scripts, that the Node shim still
# runs the native binary; that `hookrun install claude-code --hookrun
# node_modules/.bin/hookrun` writes settings whose command, run as Claude
# Code runs it, denies through that binary, and blocks when it is missing.
# Usage: npm/test.sh [DIST]
set -eu
cd "$(dirname "$0")/.."
dist=$(cd "${1:-dist}" && pwd)
command -v npm >/dev/null || { echo "npm/test.sh: skipped: npm is not installed"; exit 0; }
case "$(uname -s)-$(uname -m)" in
Linux-x86_64) plat=linux-x64 ;; Linux-aarch64) plat=linux-arm64 ;;
Darwin-x86_64) plat=darwin-x64 ;; Darwin-arm64) plat=darwin-arm64 ;;
*) echo "npm/test.sh: skipped: no hookrun package for $(uname -s)-$(uname -m)"; exit 0 ;;
esac
main=$(ls "$dist"/npm/hookrun-[0-9]*.tgz)
native=$(ls "$dist"/npm/hookrun-$plat-*.tgz)

# Every package says Apache-2.0 and carries the repository's LICENSE; each
# platform package carries its archive's THIRD_PARTY_LICENSES, the
# licences of what its binary links.
tool=$(mktemp -d)
trap 'rm -rf "$tool"' EXIT
${GO:-go} build -o "$tool/dist" ./scripts/dist
for tgz in "$dist"/npm/*.tgz; do
	x=$(mktemp -d)
	tar -xzf "$tgz" -C "$x"
	lic=$(node -p 'require(process.argv[1]).license' "$x/package/package.json")
	[ "$lic" = Apache-2.0 ] || { echo "npm/test.sh: $(basename "$tgz"): license is $lic, want Apache-2.0"; exit 1; }
	cmp -s LICENSE "$x/package/LICENSE" || { echo "npm/test.sh: $(basename "$tgz") does not carry the repository's LICENSE"; exit 1; }
	case $(basename "$tgz") in
	hookrun-[0-9]*) ;;
	*)
		p=$(basename "$tgz" .tgz); p=${p#hookrun-}; os=${p%%-*}; rest=${p#*-}; cpu=${rest%%-*}
		[ "$os" = win32 ] && os=windows
		[ "$cpu" = x64 ] && cpu=amd64
		archive=$(ls "$dist"/hookrun_*_${os}_${cpu}.*)
		"$tool/dist" -extract "$archive" -member THIRD_PARTY_LICENSES -out "$x/notices"
		cmp -s "$x/notices" "$x/package/THIRD_PARTY_LICENSES" ||
			{ echo "npm/test.sh: $(basename "$tgz") does not carry $(basename "$archive")'s THIRD_PARTY_LICENSES"; exit 1; }
		;;
	esac
	rm -rf "$x"
done
rm -rf "$tool"
echo "npm/test.sh: ok: every package is Apache-2.0 with LICENSE; each platform package has its binary's THIRD_PARTY_LICENSES"
for scripts in run ignore; do
	proj=$(mktemp -d)
	trap 'rm -rf "$proj"' EXIT
	(cd "$proj" && printf '{"name":"p","version":"1.0.0","private":true}\n' > package.json)
	flags="--offline --no-audit --no-fund --omit=optional"
	[ "$scripts" = ignore ] && flags="$flags --ignore-scripts"
	# The platform package is given as a file; the other platforms'
	# optional packages are left out, as npm leaves out those whose os/cpu
	# do not match.
	(cd "$proj" && npm install $flags "$native" "$main" >/dev/null 2>&1) || {
		echo "npm/test.sh: npm install of the packed packages failed"; exit 1; }
	bin="$proj/node_modules/.bin/hookrun"
	head=$(head -c 4 "$(readlink -f "$bin")" | od -An -c | tr -d ' \n')
	if [ "$scripts" = run ] && [ "$head" != "177ELF" ] && [ "$(uname -s)" = Linux ]; then
		echo "npm/test.sh: node_modules/.bin/hookrun is not the native binary after postinstall (starts with $head)"; exit 1
	fi
	mkdir -p "$proj/.system/hooks"
	cat > "$proj/.system/hooks/guard.yaml" <<'YAML'
id: guard
event_type: PreAbilityCall
enabled: true
blocking: true
handler:
  kind: rules
  rules:
    - decision: deny
      reason: recursive force delete
      commands: ["rm -rf"]
YAML
	out=$(cd "$proj" && echo '{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}' |
		HOOKRUN_AUDIT_LOG=off "$bin" emit --dialect claude-code)
	case $out in
	*'"permissionDecision":"deny"'*) echo "npm/test.sh: ok ($scripts scripts): $bin answered $out" ;;
	*) echo "npm/test.sh: unexpected answer ($scripts scripts): $out"; exit 1 ;;
	esac

	# As a user would: the installed hookrun writes Claude Code's settings
	# naming itself, then the exact command line those settings hold runs
	# as Claude Code runs it (sh -c, CLAUDE_PROJECT_DIR set, from wherever
	# the session is: a subdirectory here).
	(cd "$proj" && git init -q && "$bin" install claude-code --hookrun node_modules/.bin/hookrun >/dev/null) ||
		{ echo "npm/test.sh: hookrun install claude-code --hookrun node_modules/.bin/hookrun failed ($scripts scripts)"; exit 1; }
	cmd=$(node -p 'require(process.argv[1]).hooks.PreToolUse[0].hooks[0].command' "$proj/.claude/settings.json")
	case $cmd in *'"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookrun emit --dialect claude-code | '*) ;;
	*) echo "npm/test.sh: .claude/settings.json's PreToolUse command does not run node_modules/.bin/hookrun: $cmd"; exit 1 ;;
	esac
	mkdir -p "$proj/src/deep"
	agent() { # the tool call's command line; prints the answer and the exit status
		printf '{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"%s"},"cwd":"%s"}' "$1" "$proj/src/deep" |
			(set +e; cd "$proj/src/deep" && CLAUDE_PROJECT_DIR="$proj" HOOKRUN_AUDIT_LOG=off sh -c "$cmd" 2>"$proj/stderr"; echo "exit $?")
	}
	want='{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive force delete (hookrun: guard)"}}
exit 0'
	[ "$(agent 'rm -rf /')" = "$want" ] ||
		{ echo "npm/test.sh: settings' command on rm -rf ($scripts scripts): $(agent 'rm -rf /') (stderr: $(cat "$proj/stderr")), want $want"; exit 1; }
	[ "$(agent 'ls')" = "{}
exit 0" ] ||
		{ echo "npm/test.sh: settings' command on ls ($scripts scripts): $(agent ls), want {} and exit 0"; exit 1; }
	# A fresh clone before npm install: the binary is not there, and the
	# command blocks the call (exit 2, Claude Code's deny) saying why.
	mv "$proj/node_modules" "$proj/node_modules.away"
	[ "$(agent ls)" = "exit 2" ] && grep -q '^node_modules/.bin/hookrun is missing, so the hooks in .system/hooks did not run and this action is blocked' "$proj/stderr" ||
		{ echo "npm/test.sh: settings' command without the binary ($scripts scripts): $(agent ls), stderr $(cat "$proj/stderr"), want exit 2 and why"; exit 1; }
	echo "npm/test.sh: ok ($scripts scripts): install claude-code --hookrun node_modules/.bin/hookrun; its settings' command denied rm -rf and allowed ls from src/deep, and without node_modules blocked with exit 2"
	rm -rf "$proj"
done

# Windows cannot be run here: check what can be without it. Each win32
# package carries a Windows executable for its CPU (the PE header's machine
# field), and the postinstall step, run as Node on Windows would run it,
# copies that binary to bin/hookrun.exe beside the shim and keeps the shim,
# which npm's .cmd wrapper runs with node.
for cpu in x64 arm64; do
	tgz=$(ls "$dist"/npm/hookrun-win32-$cpu-*.tgz 2>/dev/null) || { echo "npm/test.sh: no @hookrun/win32-$cpu package in $dist/npm"; exit 1; }
	x=$(mktemp -d)
	tar -xzf "$tgz" -C "$x"
	grep -q "\"os\": \[\"win32\"\]" "$x/package/package.json" && grep -q "\"cpu\": \[\"$cpu\"\]" "$x/package/package.json" ||
		{ echo "npm/test.sh: @hookrun/win32-$cpu's package.json does not name win32 and $cpu"; exit 1; }
	machine=$(node -e '
		const b = require("fs").readFileSync(process.argv[1]);
		if (b.toString("latin1", 0, 2) !== "MZ") { console.log("not-PE"); process.exit(0); }
		const pe = b.readUInt32LE(0x3c);
		console.log(b.toString("latin1", pe, pe + 4) === "PE\0\0" ? b.readUInt16LE(pe + 4).toString(16) : "not-PE");
	' "$x/package/bin/hookrun.exe")
	want=8664; [ $cpu = arm64 ] && want=aa64
	[ "$machine" = "$want" ] || { echo "npm/test.sh: @hookrun/win32-$cpu's bin/hookrun.exe is machine $machine, want $want"; exit 1; }
	rm -rf "$x"
done
proj=$(mktemp -d)
trap 'rm -rf "$proj"' EXIT
(cd "$proj" && printf '{"name":"p","version":"1.0.0","private":true}\n' > package.json &&
	npm install --offline --no-audit --no-fund --omit=optional --ignore-scripts --force \
		"$(ls "$dist"/npm/hookrun-win32-x64-*.tgz)" "$main" >/dev/null 2>&1) ||
	{ echo "npm/test.sh: npm install --force of the win32-x64 package failed"; exit 1; }
printf 'Object.defineProperty(process, "platform", { value: "win32" });\nObject.defineProperty(process, "arch", { value: "x64" });\n' > "$proj/as-win32.js"
(cd "$proj/node_modules/hookrun" && node -r "$proj/as-win32.js" install.js) ||
	{ echo "npm/test.sh: the postinstall step failed as win32-x64"; exit 1; }
cmp -s "$proj/node_modules/hookrun/bin/hookrun.exe" "$proj/node_modules/@hookrun/win32-x64/bin/hookrun.exe" ||
	{ echo "npm/test.sh: postinstall as win32-x64 did not put the native binary at bin/hookrun.exe"; exit 1; }
[ "$(head -c 19 "$proj/node_modules/hookrun/bin/hookrun")" = '#!/usr/bin/env node' ] ||
	{ echo "npm/test.sh: postinstall as win32-x64 replaced the shim npm's .cmd wrapper runs"; exit 1; }
echo "npm/test.sh: ok (win32, not run): each win32 package holds a PE for its CPU; postinstall puts bin/hookrun.exe beside the shim"
echo "npm/test.sh: not verified here: running hookrun.exe and npm's .cmd wrapper on Windows (no Windows machine or Wine)"
