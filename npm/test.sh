#!/bin/sh
# Installs the packed npm packages (npm/build.sh) into a temporary project
# without a registry, then runs hookrun the way an agent's settings would:
# through node_modules/.bin/hookrun. Checks that the postinstall step put
# the native binary there (no Node start-up per event), that it answers an
# agent's payload, and, with --ignore-scripts, that the Node shim still
# runs the native binary. Usage: npm/test.sh [DIST]
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
	rm -rf "$proj"
done
