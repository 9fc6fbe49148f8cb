#!/bin/sh
# Builds libnakedblog-highlight.so — GNU Source-highlight behind nakedblog's C interface — into
# the folder given (beside the binaries built there), when it is missing or older than its
# sources. The executable opens it on first use (Sources/CSourceHighlight/loader.c).
# Built here, not by SwiftPM: a SwiftPM product would link its own copy of the static Swift
# runtime into the library.
set -eu
folder=${1:?usage: scripts/build-highlight.sh FOLDER}
cd "$(dirname "$0")/.."
out="$folder/libnakedblog-highlight.so"
sources="Sources/SourceHighlightLibrary/highlight.cpp Sources/SourceHighlightLibrary/include/nb_srchilite.h Sources/CSourceHighlight/include/nb_highlight.h"
if [ -f "$out" ]; then
    stale=no
    for source in $sources; do [ "$source" -nt "$out" ] && stale=yes; done
    [ "$stale" = no ] && exit 0
fi
mkdir -p "$folder"
# The Swift toolchain's clang++ (what SwiftPM compiles C++ with), else the system's.
compiler=${CXX:-}
if [ -z "$compiler" ]; then
    toolchain=$(dirname "$(command -v swift)")
    if [ -x "$toolchain/clang++" ]; then compiler="$toolchain/clang++"; else compiler=c++; fi
fi
"$compiler" -std=c++17 -O2 -DNDEBUG -fPIC -shared -fvisibility=hidden -fvisibility-inlines-hidden \
    -ISources/SourceHighlightLibrary/include -Wall -Wextra \
    -o "$out.tmp" Sources/SourceHighlightLibrary/highlight.cpp \
    -Wl,-z,defs -Wl,--as-needed -lsource-highlight -lboost_regex
mv "$out.tmp" "$out"
echo "built $out"
