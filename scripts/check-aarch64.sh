#!/bin/sh
# Every C file and C module header of nakedblog compiles for aarch64 (ARM servers, Raspberry Pi,
# Graviton): checked with the Swift toolchain's clang against Debian's aarch64 C headers
# (libc6-dev-arm64-cross; the libraries' own headers are the machine's, they do not differ by CPU).
# Nothing here names a CPU: a #error or an x86-only intrinsic fails it. Exit 0 when all compile.
set -eu
cd "$(dirname "$0")/.."
headers=/usr/aarch64-linux-gnu/include
[ -f "$headers/stdio.h" ] || { echo "check-aarch64: $headers is missing (Debian libc6-dev-arm64-cross; scripts/setup.sh installs it)" >&2; exit 2; }
toolchain=$(dirname "$(command -v swift)")
clang=$toolchain/clang
[ -x "$clang" ] || clang=clang
builtin=$("$clang" -print-resource-dir)/include
flags="--target=aarch64-linux-gnu -fsyntax-only -nostdinc -isystem $builtin -isystem $headers -idirafter /usr/include"
for dir in Sources/*/include; do flags="$flags -I $dir"; done
status=0
# libvips' and libchafa's headers, for their shims and the image helper only: glib's folders, without the machine's own libc folder
# (its headers would shadow the aarch64 ones).
vips=$(pkg-config --cflags-only-I vips chafa 2>/dev/null | tr ' ' '\n' | grep -v -- '-I/usr/include/[a-z0-9_]*-linux-gnu$' | tr '\n' ' ')
for file in Sources/*/*.c Sources/*/shim.h; do
    extra=""
    case "$file" in Sources/CVips/shim.h | Sources/CChafa/shim.h | Sources/nakedblog-image/*) extra=$vips ;; esac
    # shellcheck disable=SC2086
    if ! "$clang" $flags $(pkg-config --cflags-only-I libgit2 libcmark ncursesw hunspell 2>/dev/null) $extra -x c "$file" 2>"${TMPDIR:-/tmp}/check-aarch64.$$"; then
        echo "check-aarch64: $file does not compile for aarch64:" >&2
        head -5 "${TMPDIR:-/tmp}/check-aarch64.$$" >&2
        status=1
    fi
done
rm -f "${TMPDIR:-/tmp}/check-aarch64.$$"
[ "$status" -eq 0 ] && echo "check-aarch64: every C file and module header compiles for aarch64"
exit $status
