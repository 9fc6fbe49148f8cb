#!/usr/bin/env bash
# `make install` / `make uninstall`: the release build under PREFIX (default /usr/local), inside
# DESTDIR when staging (a package). What goes where — the executable finds the rest from its own
# location (ShippedResources, the highlighter's loader):
#   PREFIX/bin/nakedblog
#   PREFIX/lib/nakedblog/libnakedblog-highlight.so, PREFIX/lib/nakedblog/nakedblog-image
#   PREFIX/share/nakedblog/{themes,highlight,demo,demo-jekyll}/
#   PREFIX/share/man/man1/nakedblog.1 (and nakedblog.SUBCOMMAND.1), made from the argument parser
#   PREFIX/share/bash-completion/completions/nakedblog, share/zsh/vendor-completions/_nakedblog
#   (share/zsh/site-functions/_nakedblog under /usr/local, where zsh looks: vendor-completions is
#   the packages' folder, read under /usr only), PREFIX/share/fish/vendor_completions.d/nakedblog.fish
# Usage: scripts/install.sh install|uninstall BUILD_FOLDER
set -euo pipefail
action=${1:?usage: scripts/install.sh install|uninstall BUILD_FOLDER}
build=${2:-.build-release/release}
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
root="${DESTDIR:-}$prefix"
shipped=(themes highlight demo demo-jekyll)
zsh_folder=$([ "$prefix" = /usr ] && echo vendor-completions || echo site-functions)
completions=("share/bash-completion/completions/nakedblog" "share/zsh/$zsh_folder/_nakedblog"
             "share/fish/vendor_completions.d/nakedblog.fish")

if [ "$action" = uninstall ]; then
    rm -f "$root/bin/nakedblog" "$root"/share/man/man1/nakedblog.1 "$root"/share/man/man1/nakedblog.*.1
    for file in "${completions[@]}"; do rm -f "$root/$file"; done
    rm -rf "$root/lib/nakedblog" "$root/share/nakedblog"
    echo "uninstalled nakedblog from $root"
    exit 0
fi

[ -x "$build/nakedblog" ] || { echo "install: $build/nakedblog is not built (make release)" >&2; exit 1; }
[ -x "$build/generate-manual" ] || { echo "install: $build/generate-manual is not built (make release builds it)" >&2; exit 1; }
# Without its image helper nakedblog refuses every picture (it never adds one with its metadata).
[ -x "$build/nakedblog-image" ] || { echo "install: $build/nakedblog-image is not built (make release builds it)" >&2; exit 1; }
install -d "$root/bin" "$root/lib/nakedblog" "$root/share/nakedblog" "$root/share/man/man1"
install -m 755 "$build/nakedblog" "$root/bin/nakedblog"
install -m 644 "$build/libnakedblog-highlight.so" "$root/lib/nakedblog/libnakedblog-highlight.so"
# Pictures are fitted by a helper of its own (libvips is loaded by it alone).
install -m 755 "$build/nakedblog-image" "$root/lib/nakedblog/nakedblog-image"
for name in "${shipped[@]}"; do
    rm -rf "${root:?}/share/nakedblog/$name"
    # The files git tracks (no build output a demo run left behind), modes as they are.
    { git ls-files -z -- "$name" 2>/dev/null || find "$name" -type f -print0; } | while IFS= read -r -d '' file; do
        install -D -m "$([ -x "$file" ] && echo 755 || echo 644)" "$file" "$root/share/nakedblog/$file"
    done
done
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
"$build/generate-manual" "$build/nakedblog" --multi-page --section 1 --output-directory "$pages" >/dev/null
install -m 644 "$pages"/*.1 "$root/share/man/man1/"
for shell in bash zsh fish; do
    case $shell in bash) target=${completions[0]} ;; zsh) target=${completions[1]} ;; fish) target=${completions[2]} ;; esac
    install -d "$(dirname "$root/$target")"
    "$build/nakedblog" --generate-completion-script "$shell" > "$root/$target"
    chmod 644 "$root/$target"
done
echo "installed nakedblog in $root (run $prefix/bin/nakedblog; man nakedblog)"
