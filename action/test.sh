#!/usr/bin/env bash
# Tests the action's shell steps against a local release directory (make
# dist-check's output): install puts a working hookrun on GITHUB_PATH; a
# tampered archive is refused; the gate runs a project's SessionStop hooks.
# Usage: action/test.sh DIST
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$(cd "${1:?usage: action/test.sh DIST}" && pwd)
archive=$(basename "$(ls "$dist"/hookrun_*_linux_amd64.tar.gz)")
version=${archive#hookrun_}; version=${version%_linux_amd64.tar.gz}
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || { echo "action/test.sh: skipped: the local release holds linux/amd64 only"; exit 0; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

export RUNNER_TEMP="$work/runner" GITHUB_PATH="$work/path" HOOKRUN_VERSION="$version" HOOKRUN_RELEASE_URL="$dist"
mkdir -p "$RUNNER_TEMP"
action/install.sh >/dev/null
bin=$(cat "$GITHUB_PATH")/hookrun
"$bin" version | grep -q '^hookrun ' || { echo "action/test.sh: the installed hookrun does not run"; exit 1; }

cp -R "$dist" "$work/tampered"
printf 'x' >> "$work/tampered/$archive"
if HOOKRUN_RELEASE_URL="$work/tampered" RUNNER_TEMP="$work/runner2" action/install.sh > "$work/out" 2>&1; then
	echo "action/test.sh: a tampered archive was installed"; exit 1
fi
grep -q 'does not match its SHA256SUMS entry' "$work/out" || { echo "action/test.sh: no checksum error: $(cat "$work/out")"; exit 1; }

proj="$work/proj"; mkdir -p "$proj/.system/hooks" "$proj/services"
cat > "$proj/.system/hooks/build.yaml" <<'YAML'
id: build
event_type: SessionStop
enabled: true
blocking: true
on_error: block
match: {only_if_changed_paths: ["services/**"]}
handler: {kind: script, command: "exit 1"}
YAML
(cd "$proj" && git init -q -b main && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m base &&
	git branch base && echo x > services/a.go)
if (cd "$proj" && PATH="$(dirname "$bin"):$PATH" HOOKRUN_BASE_REF=base HOOKRUN_AUDIT_LOG=off "$OLDPWD/action/gate.sh" >/dev/null 2>&1); then
	echo "action/test.sh: the gate passed with a failing build check"; exit 1
fi
echo "action/test.sh: ok: install verified $archive, refused a tampered copy, and the gate failed a failing check"
