#!/bin/sh
# Builds build/CSharpPort.exe from src/ with Mono's C# compiler (Debian: mono-mcs, mono-devel),
# against the framework assemblies Mono ships and nothing else: no package feed.  Skips the compile
# when the exe is newer than every source file (and this script).
set -eu
cd "$(dirname "$0")"
exe=build/CSharpPort.exe
if [ -f "$exe" ] && [ -z "$(find src build.sh -newer "$exe" -type f | head -n 1)" ]; then
    echo "build.sh: $exe is up to date" >&2
    exit 0
fi
command -v mcs >/dev/null 2>&1 || { echo "build.sh: mcs not found (apt-get install -y mono-mcs mono-devel)" >&2; exit 1; }
mkdir -p build
tmp=build/CSharpPort.partial.exe
rm -f "$tmp"
# shellcheck disable=SC2046  # the source list is file names without spaces
mcs -nologo -target:exe -optimize+ -out:"$tmp" $(find src -name '*.cs' | sort) >&2
[ -f "$tmp" ] || { echo "build.sh: mcs produced no exe" >&2; exit 1; }
mv "$tmp" "$exe"
echo "build.sh: built $exe" >&2
