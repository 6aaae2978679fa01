#!/bin/sh
# Builds hookrun's npm packages from the release archives in dist/ (make
# dist): one @hookrun/OS-ARCH package per archive, carrying the native
# binary, and the hookrun package that depends on them all optionally.
# Writes the packed .tgz files to dist/npm/. Usage: npm/build.sh [DIST]
set -eu
cd "$(dirname "$0")/.."
dist=${1:-dist}
rm -rf "$dist/npm" && mkdir -p "$dist/npm"
out=$(cd "$dist/npm" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=
for archive in "$dist"/hookrun_*_*_*.tar.gz; do
	[ -e "$archive" ] || { echo "npm/build.sh: no release archives in $dist: run make dist first" >&2; exit 1; }
	name=$(basename "$archive" .tar.gz)             # hookrun_VERSION_OS_ARCH
	arch=${name##*_}; rest=${name%_*}; os=${rest##*_}; v=${rest%_*}; v=${v#hookrun_}
	case $arch in amd64) cpu=x64 ;; *) cpu=$arch ;; esac
	# npm needs a semver version; a build from an untagged commit is 0.0.0-<describe>.
	case $v in [0-9]*.[0-9]*.[0-9]*) version=$v ;; *) version=0.0.0-$(printf '%s' "$v" | tr -c 'A-Za-z0-9.\n-' '-') ;; esac
	pkg="$work/$os-$cpu"
	mkdir -p "$pkg/bin"
	tar -xzf "$archive" -C "$pkg/bin" hookrun
	cat > "$pkg/package.json" <<JSON
{
  "name": "@hookrun/$os-$cpu",
  "version": "$version",
  "description": "The hookrun binary for $os on $cpu (installed by the hookrun package).",
  "license": "SEE LICENSE IN README.md",
  "repository": "github:hookrun/hookrun",
  "os": ["$os"],
  "cpu": ["$cpu"],
  "files": ["bin/hookrun"]
}
JSON
	(cd "$pkg" && npm pack --quiet --pack-destination "$out" >/dev/null)
done
main="$work/hookrun"
cp -R npm/hookrun "$main"
cp README.md "$main/"
sed "s/@VERSION@/$version/g" npm/hookrun/package.json.in > "$main/package.json"
rm "$main/package.json.in"
(cd "$main" && npm pack --quiet --pack-destination "$out" >/dev/null)
ls "$out"
