#!/usr/bin/env bash
# The action's install step: fetch the runner's release archive
# (hookrun_VERSION_OS_ARCH.tar.gz, or .zip holding hookrun.exe on Windows)
# and SHA256SUMS from the release (HOOKRUN_RELEASE_URL: a URL, or a
# directory for testing; default the GitHub release of HOOKRUN_VERSION),
# refuse an archive whose checksum does not match, and put hookrun on
# GITHUB_PATH.
#
# The runner is named by RUNNER_OS (Linux, macOS, Windows) and RUNNER_ARCH
# (X64, ARM64), as GitHub sets them, else by uname. On Windows this runs
# in Git Bash (shell: bash), which has sha256sum, unzip and cygpath; 7z
# opens the zip where unzip is missing.
set -euo pipefail
version=${HOOKRUN_VERSION:?the action needs a version}
version=${version#v}
releases=https://github.com/hookrun/hookrun/releases
case $version in
latest|stable|main|master|head|HEAD|nightly) echo "::error::version is \"$HOOKRUN_VERSION\": give a released version, such as 0.1.0 (a moving name such as latest is not accepted, so that each run installs the hookrun that was reviewed; the releases are at $releases)"; exit 1 ;;
esac
case "$(uname -s)" in Linux) host=linux ;; Darwin) host=darwin ;; MINGW*|MSYS*|CYGWIN*) host=windows ;; *) host=$(uname -s) ;; esac
case "${RUNNER_OS:-$host}" in
Linux|linux) os=linux ;; macOS|darwin) os=darwin ;; Windows|windows) os=windows ;;
*) echo "::error::hookrun has no build for ${RUNNER_OS:-$(uname -s)}"; exit 1 ;;
esac
case "${RUNNER_ARCH:-$(uname -m)}" in
X64|x86_64|amd64) arch=amd64 ;; ARM64|aarch64|arm64) arch=arm64 ;;
*) echo "::error::hookrun has no build for ${RUNNER_ARCH:-$(uname -m)} (it has amd64 and arm64)"; exit 1 ;;
esac
exe=hookrun archive="hookrun_${version}_${os}_${arch}.tar.gz"
[ "$os" = windows ] && exe=hookrun.exe archive="hookrun_${version}_${os}_${arch}.zip"
url=${HOOKRUN_RELEASE_URL:-https://github.com/hookrun/hookrun/releases/download/v$version}
dest="${RUNNER_TEMP:-$(mktemp -d)}/hookrun-$version"
mkdir -p "$dest/bin"
fetch() {
	case $url in
	http://*|https://*) curl -fsSL --retry 3 -o "$dest/$1" "$url/$1" ;;
	*) cp "${url#file://}/$1" "$dest/$1" ;;
	esac || { echo "::error::could not fetch $1 from $url: is $version a hookrun release? They are at $releases"; exit 1; }
}
fetch "$archive"
fetch SHA256SUMS
want=$(awk -v f="$archive" '$2 == f {print $1}' "$dest/SHA256SUMS" | tr -d '\r')
[ -n "$want" ] || { echo "::error::$archive is not listed in the release's SHA256SUMS"; exit 1; }
# On stdin: sha256sum prefixes the sum with \ when the path has a
# backslash, as RUNNER_TEMP has on Windows.
if command -v sha256sum >/dev/null; then got=$(sha256sum < "$dest/$archive" | cut -d' ' -f1); else got=$(shasum -a 256 < "$dest/$archive" | cut -d' ' -f1); fi
[ "$got" = "$want" ] || { echo "::error::$archive does not match its SHA256SUMS entry (got $got, want $want): not installed"; exit 1; }
if [ "$os" = windows ]; then
	if command -v unzip >/dev/null; then
		unzip -q -o "$dest/$archive" "$exe" -d "$dest/bin"
	elif command -v 7z >/dev/null; then
		7z e -y -bd -o"$dest/bin" "$dest/$archive" "$exe" >/dev/null
	else
		echo "::error::neither unzip nor 7z is on PATH to open $archive"; exit 1
	fi
else
	tar -xzf "$dest/$archive" -C "$dest/bin" "$exe"
fi
[ -f "$dest/bin/$exe" ] || { echo "::error::$archive holds no $exe"; exit 1; }
bindir="$dest/bin"
# The runner reads GITHUB_PATH as a Windows path there.
[ "$os" = windows ] && command -v cygpath >/dev/null && bindir=$(cygpath -w "$bindir")
echo "$bindir" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
if [ "$os" = "$host" ]; then
	"$dest/bin/$exe" version
else
	# Only when the runner is simulated (action/test.sh runs the Windows
	# and macOS branches on Linux): the binary cannot run here.
	echo "installed $archive as $bindir/$exe (built for $os; not run on $host)"
fi
