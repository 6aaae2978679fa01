#!/usr/bin/env bash
# The action's install step: fetch hookrun_VERSION_OS_ARCH.tar.gz and
# SHA256SUMS from the release (HOOKRUN_RELEASE_URL: a URL, or a directory
# for testing; default the GitHub release of HOOKRUN_VERSION), refuse an
# archive whose checksum does not match, and put hookrun on GITHUB_PATH.
set -euo pipefail
version=${HOOKRUN_VERSION:?the action needs a version}
version=${version#v}
case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "::error::hookrun has no build for $(uname -s)"; exit 1 ;; esac
case "$(uname -m)" in x86_64|amd64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "::error::hookrun has no build for $(uname -m)"; exit 1 ;; esac
archive="hookrun_${version}_${os}_${arch}.tar.gz"
url=${HOOKRUN_RELEASE_URL:-https://github.com/hookrun/hookrun/releases/download/v$version}
dest="${RUNNER_TEMP:-$(mktemp -d)}/hookrun-$version"
mkdir -p "$dest/bin"
fetch() {
	case $url in
	http://*|https://*) curl -fsSL --retry 3 -o "$dest/$1" "$url/$1" ;;
	*) cp "${url#file://}/$1" "$dest/$1" ;;
	esac
}
fetch "$archive"
fetch SHA256SUMS
want=$(awk -v f="$archive" '$2 == f {print $1}' "$dest/SHA256SUMS")
[ -n "$want" ] || { echo "::error::$archive is not listed in the release's SHA256SUMS"; exit 1; }
if command -v sha256sum >/dev/null; then got=$(sha256sum "$dest/$archive" | cut -d' ' -f1); else got=$(shasum -a 256 "$dest/$archive" | cut -d' ' -f1); fi
[ "$got" = "$want" ] || { echo "::error::$archive does not match its SHA256SUMS entry (got $got, want $want): not installed"; exit 1; }
tar -xzf "$dest/$archive" -C "$dest/bin" hookrun
echo "$dest/bin" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
"$dest/bin/hookrun" version
