#!/bin/sh
# Part of every build: links the checkout's shipped folders (themes/, highlight/, demo/,
# demo-jekyll/) into `share/nakedblog` beside the build's products folder, where the executable
# looks for them as an installed one does in PREFIX/share/nakedblog (ShippedResources). Relative
# links, so a copy of the checkout with its build keeps working.
#   scripts/link-shipped.sh FOLDER   (the folder the binaries are built into, e.g. .build/debug)
set -eu
folder=${1:?usage: scripts/link-shipped.sh FOLDER}
cd "$(dirname "$0")/.."
root=$(pwd -P)
products=$(cd "$folder" && pwd -P)
share=$(dirname "$products")/share/nakedblog
mkdir -p "$share"
for name in themes highlight demo demo-jekyll; do
    ln -sfn "$(realpath --relative-to="$share" "$root/$name")" "$share/$name"
done
