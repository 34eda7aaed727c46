#!/bin/sh
# Builds build/parity-weka.jar from src/ (the adapter) and the Kotlin library shared with
# ports/kotlin (../kotlin-common/src: protocol loop, results-file runner, corpus reader, JSON)
# with kotlinc (Debian's `kotlin` package, 1.3.x), compiled against Weka 3.6 (Debian's `weka`
# package: /usr/share/java/weka.jar), which stays outside the jar: port.yaml's command puts
# both on the class path.  The Kotlin standard library is bundled (-include-runtime).
# Skips the compile when the jar is newer than every source file.
set -eu
cd "$(dirname "$0")"
jar=build/parity-weka.jar
weka=/usr/share/java/weka.jar
if [ -f "$jar" ] && [ -z "$(find src ../kotlin-common/src build.sh -newer "$jar" -type f | head -n 1)" ]; then
    echo "build.sh: $jar is up to date" >&2
    exit 0
fi
command -v kotlinc >/dev/null 2>&1 || { echo "build.sh: kotlinc not found (apt-get install -y kotlin)" >&2; exit 1; }
[ -f "$weka" ] || { echo "build.sh: $weka not found (apt-get install -y weka)" >&2; exit 1; }
mkdir -p build
tmp=build/parity-weka.partial.jar
rm -f "$tmp"
# JAVA_OPTS: kotlinc 1.3 passes -noverify, which JDK 13+ warns about; the warning is harmless.
kotlinc $(find src ../kotlin-common/src -name '*.kt' | sort) -cp "$weka" -include-runtime -jvm-target 1.8 -d "$tmp" 2>&1 \
    | grep -v -e 'Options -Xverify:none and -noverify were deprecated' >&2 || true
[ -f "$tmp" ] || { echo "build.sh: kotlinc produced no jar" >&2; exit 1; }
mv "$tmp" "$jar"
echo "build.sh: built $jar" >&2
