#!/usr/bin/env bash
# Tests the action's shell steps against a local release directory (make
# dist-check's output): install puts a working hookrun on GITHUB_PATH; a
# tampered archive is refused; the gate runs a project's SessionStop hooks.
# The Windows and macOS runners are simulated (RUNNER_OS, RUNNER_ARCH as
# GitHub sets them): install picks the runner's archive, checks its sum,
# refuses a tampered one, and puts the binary where its PATH entry says.
# A version that is no release (latest, 9.9.9) gets an error saying what
# to write.
# Usage: action/test.sh DIST
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$(cd "${1:?usage: action/test.sh DIST}" && pwd)
archive=$(basename "$(ls "$dist"/hookrun_*_linux_amd64.tar.gz)")
version=${archive#hookrun_}; version=${version%_linux_amd64.tar.gz}
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || { echo "action/test.sh: skipped: the local release holds linux/amd64 only"; exit 0; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail() { echo "action/test.sh: $*"; exit 1; }

export GITHUB_PATH="$work/path" HOOKRUN_VERSION="$version" HOOKRUN_RELEASE_URL="$dist"
RUNNER_TEMP="$work/runner" action/install.sh >/dev/null
bin=$(cat "$GITHUB_PATH")/hookrun
"$bin" version | grep -q '^hookrun ' || fail "the installed hookrun does not run"

cp -R "$dist" "$work/tampered"
printf 'x' >> "$work/tampered/$archive"
if HOOKRUN_RELEASE_URL="$work/tampered" RUNNER_TEMP="$work/runner2" action/install.sh > "$work/out" 2>&1; then
	fail "a tampered archive was installed"
fi
grep -q 'does not match its SHA256SUMS entry' "$work/out" || fail "no checksum error: $(cat "$work/out")"

# Simulated runners. Each case: RUNNER_OS RUNNER_ARCH, the archive it must
# choose, and the binary in it.
${GO:-go} build -o "$work/dist-tool" ./scripts/dist
n=0
while read -r runner_os runner_arch want exe; do
	n=$((n + 1))
	: > "$GITHUB_PATH"
	RUNNER_OS=$runner_os RUNNER_ARCH=$runner_arch RUNNER_TEMP="$work/sim$n" action/install.sh > "$work/out" 2>&1 ||
		fail "$runner_os $runner_arch: install failed: $(cat "$work/out")"
	grep -q "^installed $want as .* (built for .*; not run on linux)$" "$work/out" ||
		fail "$runner_os $runner_arch: did not install $want: $(cat "$work/out")"
	[ "$(wc -l < "$GITHUB_PATH")" -eq 1 ] || fail "$runner_os $runner_arch: GITHUB_PATH holds $(cat "$GITHUB_PATH")"
	"$work/dist-tool" -extract "$dist/$want" -member "$exe" -out "$work/want-$n"
	cmp -s "$(cat "$GITHUB_PATH")/$exe" "$work/want-$n" ||
		fail "$runner_os $runner_arch: $(cat "$GITHUB_PATH")/$exe is not $want's $exe"
done <<EOF
Windows X64 hookrun_${version}_windows_amd64.zip hookrun.exe
Windows ARM64 hookrun_${version}_windows_arm64.zip hookrun.exe
macOS ARM64 hookrun_${version}_darwin_arm64.tar.gz hookrun
EOF
# The two Windows executables differ, so the right one was chosen above.
! cmp -s "$work/want-1" "$work/want-2" || fail "the windows amd64 and arm64 executables are the same bytes: the choice is untested"

win=hookrun_${version}_windows_amd64.zip
cp -R "$dist" "$work/tampered-win"
printf 'x' >> "$work/tampered-win/$win"
: > "$GITHUB_PATH"
if RUNNER_OS=Windows RUNNER_ARCH=X64 HOOKRUN_RELEASE_URL="$work/tampered-win" RUNNER_TEMP="$work/sim-tampered" action/install.sh > "$work/out" 2>&1; then
	fail "Windows: a tampered zip was installed"
fi
grep -q "^::error::$win does not match its SHA256SUMS entry" "$work/out" || fail "Windows: no checksum error: $(cat "$work/out")"
[ ! -s "$GITHUB_PATH" ] && [ ! -e "$work/sim-tampered/hookrun-$version/bin/hookrun.exe" ] ||
	fail "Windows: the tampered zip was refused, but hookrun.exe or a PATH entry was left"

if RUNNER_OS=Windows RUNNER_ARCH=X86 RUNNER_TEMP="$work/sim-x86" action/install.sh > "$work/out" 2>&1; then
	fail "a 32-bit Windows runner got a hookrun"
fi
grep -q '^::error::hookrun has no build for X86 (it has amd64 and arm64)$' "$work/out" || fail "X86: $(cat "$work/out")"

# A moving name and a version never released: the error says what to write.
if HOOKRUN_VERSION=latest RUNNER_TEMP="$work/latest" action/install.sh > "$work/out" 2>&1; then
	fail "version latest installed something"
fi
grep -q '^::error::version is "latest": give a released version, such as 0.1.0 (a moving name such as latest is not accepted, so that each run installs the hookrun that was reviewed; the releases are at https://github.com/hookrun/hookrun/releases)$' "$work/out" ||
	fail "latest: $(cat "$work/out")"
if HOOKRUN_VERSION=v9.9.9 RUNNER_TEMP="$work/unreleased" action/install.sh > "$work/out" 2>&1; then
	fail "an unreleased version installed something"
fi
grep -q "^::error::could not fetch hookrun_9.9.9_linux_amd64.tar.gz from $dist: is 9.9.9 a hookrun release? They are at https://github.com/hookrun/hookrun/releases$" "$work/out" ||
	fail "unreleased: $(cat "$work/out")"

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
	fail "the gate passed with a failing build check"
fi
echo "action/test.sh: ok: install verified $archive, refused a tampered copy, and the gate failed a failing check"
echo "action/test.sh: ok (simulated runners): Windows X64 and ARM64 got their zip's hookrun.exe, macOS ARM64 its tar.gz's hookrun, each on GITHUB_PATH; a tampered zip and an X86 runner were refused"
echo "action/test.sh: not verified here: Git Bash's unzip or 7z and cygpath on a real Windows runner, and running hookrun.exe there"
