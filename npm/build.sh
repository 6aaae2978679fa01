#!/bin/sh
# Builds hookrun's npm packages from the release archives in dist/ (make
# dist): one @hookrun/OS-ARCH package per archive, carrying the native
# binary (OS and ARCH as Node names them: win32, x64) with the archive's
# LICENSE and THIRD_PARTY_LICENSES (the licences of what that binary
# links), and the hookrun package that depends on them all optionally.
# Writes the packed .tgz files to dist/npm/. Usage: npm/build.sh [DIST]
set -eu
cd "$(dirname "$0")/.."
dist=${1:-dist}
rm -rf "$dist/npm" && mkdir -p "$dist/npm"
out=$(cd "$dist/npm" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The Windows archives are zips; unzip is not on every machine, Go is.
${GO:-go} build -o "$work/dist-tool" ./scripts/dist
version=
for archive in "$dist"/hookrun_*_*_*.tar.gz "$dist"/hookrun_*_*_*.zip; do
	[ -e "$archive" ] || continue
	name=$(basename "$archive"); name=${name%.tar.gz}; name=${name%.zip} # hookrun_VERSION_OS_ARCH
	arch=${name##*_}; rest=${name%_*}; os=${rest##*_}; v=${rest%_*}; v=${v#hookrun_}
	case $arch in amd64) cpu=x64 ;; *) cpu=$arch ;; esac
	exe=hookrun; npmos=$os
	[ "$os" = windows ] && exe=hookrun.exe npmos=win32
	# npm needs a semver version; a build from an untagged commit is 0.0.0-<describe>.
	case $v in [0-9]*.[0-9]*.[0-9]*) version=$v ;; *) version=0.0.0-$(printf '%s' "$v" | tr -c 'A-Za-z0-9.\n-' '-') ;; esac
	pkg="$work/$npmos-$cpu"
	mkdir -p "$pkg/bin"
	"$work/dist-tool" -extract "$archive" -member "$exe" -out "$pkg/bin/$exe"
	for doc in LICENSE THIRD_PARTY_LICENSES; do
		"$work/dist-tool" -extract "$archive" -member $doc -out "$pkg/$doc" && chmod 644 "$pkg/$doc"
	done
	cat > "$pkg/package.json" <<JSON
{
  "name": "@hookrun/$npmos-$cpu",
  "version": "$version",
  "description": "The hookrun binary for $npmos on $cpu (installed by the hookrun package).",
  "license": "Apache-2.0",
  "repository": "github:hookrun/hookrun",
  "os": ["$npmos"],
  "cpu": ["$cpu"],
  "files": ["bin/$exe", "LICENSE", "THIRD_PARTY_LICENSES"]
}
JSON
	(cd "$pkg" && npm pack --quiet --pack-destination "$out" >/dev/null)
done
[ -n "$version" ] || { echo "npm/build.sh: no release archives in $dist: run make dist first" >&2; exit 1; }
main="$work/hookrun"
cp -R npm/hookrun "$main"
cp README.md LICENSE "$main/"
sed "s/@VERSION@/$version/g" npm/hookrun/package.json.in > "$main/package.json"
rm "$main/package.json.in"
(cd "$main" && npm pack --quiet --pack-destination "$out" >/dev/null)
ls "$out"
