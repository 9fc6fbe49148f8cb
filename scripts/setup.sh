#!/usr/bin/env bash
# Installs what nakedblog needs to build, test and run — only what is missing — from Debian's
# packages. Idempotent and quiet when everything is there; prints what it installs.
#
# Usage: scripts/setup.sh
# Test hook: NAKEDBLOG_SETUP_EXTRA_PACKAGES="a b" adds package names to the check.
set -euo pipefail

PACKAGES=(libgit2-dev zlib1g-dev libcmark-dev libncurses-dev ncurses-term pkg-config git tmux
          openssh-server openssh-client hugo jekyll cmark python3 openssl bubblewrap lowdown ripgrep curl
          libhunspell-dev hunspell hunspell-en-us hunspell-fr libsource-highlight-dev source-highlight
          libnuspell-dev nuspell dpkg-dev libc6-dev-arm64-cross python3-venv
          libvips-dev libvips-tools libimage-exiftool-perl libchafa-dev chafa
          ruby-jekyll-feed ruby-jekyll-seo-tag ruby-jekyll-sitemap ruby-jekyll-paginate ruby-jekyll-redirect-from
          ruby-html-proofer)
# Packages only some releases have, needed there: Debian 13 splits libheif's codecs out — the
# AV1 encoder (libvips writes AVIF with it), the HEVC decoder (a phone's HEIC photos are read
# with it) and encoder (the tests make HEIC photos); Debian 12's libheif has them built in.
WHERE_AVAILABLE=(libheif-plugin-aomenc libheif-plugin-libde265 libheif-plugin-x265)
read -r -a EXTRA <<<"${NAKEDBLOG_SETUP_EXTRA_PACKAGES:-}"
PACKAGES+=("${EXTRA[@]}")

say() { echo "setup: $*" >&2; }

if ! command -v swift >/dev/null 2>&1; then
  say "'swift' is not on PATH. nakedblog needs Swift 6.x (https://www.swift.org/install/)."
  say "Install it, put its usr/bin directory on PATH, and run this again."
  exit 1
fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in "${PACKAGES[@]}"; do
  installed "$p" || missing+=("$p")
done
# Those of WHERE_AVAILABLE this release's package lists name and that are not installed yet.
available_missing() {
  for p in "${WHERE_AVAILABLE[@]}"; do
    if ! installed "$p" && [[ " ${missing[*]} " != *" $p "* ]] && apt-cache show "$p" >/dev/null 2>&1; then
      echo "$p"
    fi
  done
}
read -r -a found <<<"$(available_missing | tr '\n' ' ')"
missing+=("${found[@]}")
[ ${#missing[@]} -eq 0 ] && exec "$(dirname "$0")/setup-hugo.sh"

if ! command -v apt-get >/dev/null 2>&1; then
  say "missing: ${missing[*]}. This script installs with apt-get (Debian/Ubuntu);"
  say "install the equivalent packages with your system's package manager, then run 'make test' again."
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
elif command -v sudo >/dev/null 2>&1 && [ -t 0 ]; then
  SUDO=(sudo)
else
  say "these packages are missing: ${missing[*]}"
  say "installing them needs root, and you are not root and have no sudo rights here."
  say "Ask an administrator to run:  apt-get install -y ${missing[*]}"
  say "or run 'make test' as root (or as a user with sudo)."
  exit 1
fi

say "installing missing packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp /tmp/nakedblog-setup.XXXXXX)
"${SUDO[@]}" apt-get update -q >"$log" 2>&1 || true
if grep -qE "Failed to fetch|Temporary failure resolving|Could not resolve|Unable to connect|Network is unreachable" "$log"; then
  say "cannot reach the Debian package registry ('apt-get update' failed; log: $log):"
  grep -E "^(W|E|Err):" "$log" | head -3 | sed 's/^/setup:   /' >&2
  say "check the network or proxy settings (/etc/apt/apt.conf.d), or install by hand:"
  say "  apt-get install -y ${missing[*]}"
  exit 1
fi
# The lists are fresh now: what WHERE_AVAILABLE names that they have.
read -r -a found <<<"$(available_missing | tr '\n' ' ')"
missing+=("${found[@]}")
if ! "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
  say "'apt-get install ${missing[*]}' failed (log: $log):"
  grep -E "^(E|W):" "$log" | tail -5 | sed 's/^/setup:   /' >&2
  say "fix the cause above (a package name your release lacks, a held package, a full disk), then run 'make test' again."
  exit 1
fi
rm -f "$log"
say "installed ${missing[*]}"
exec "$(dirname "$0")/setup-hugo.sh"
