#!/usr/bin/env bash
# Makes the release files players install without Swift, in dist/ (git-ignored):
#   memorize-tui_VERSION_ARCH.deb                 Debian package: the game in /usr/games, its
#                                                 manual (section 6), completions, copyright, changelog
#   memorize-tui-VERSION-linux-MACHINE.tar.gz     the same files in a folder, with install.sh and
#                                                 uninstall.sh that need no Swift
#   SHA256SUMS                                    of both
# and the SSH server memorize-tui-server with its manual in both, where Package.swift declares it.
#
#   bash scripts/package.sh [--binary FILE [--server-binary FILE]]
#
# The files come from scripts/install.sh into a scratch prefix, so they are exactly what an install
# makes: it builds with the README's play command (an existing release build is reused) and strips
# the binaries; --binary FILE packages a build already made and tested instead. VERSION is what the
# built binary's --version prints (Release.version). Runs lintian on the .deb when it is installed
# and fails on an error (the warnings it may print are listed in docs/packaging.md, with reasons).
# Exit status: 0 made, 1 a step failed, 2 usage or a missing tool (one line each).
set -euo pipefail

script_name=package.sh
here=$(cd "${BASH_SOURCE[0]%/*}" && pwd)
root=${here%/scripts}
source "$here/install-layout.sh"

usage="usage: scripts/package.sh [--binary FILE [--server-binary FILE]]"
install_arguments=()
while (( $# > 0 )); do
  case $1 in
    --binary|--server-binary)
      (( $# >= 2 )) && [[ -n $2 ]] || { echo "$script_name: $1 needs a file; $usage" >&2; exit 2; }
      install_arguments+=("$1" "$2"); shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "$script_name: unknown argument $(shown "$1"); $usage" >&2; exit 2 ;;
  esac
done

missing=0
for tool in dpkg-deb dpkg tar gzip sha256sum; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$script_name: $tool not found: install the dpkg, tar, gzip and coreutils packages" >&2
    missing=1
  fi
done
(( missing == 0 )) || exit 2

work=$(mktemp -d "${TMPDIR:-/tmp}/memorize-tui-package.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The files, as scripts/install.sh makes them (built or given, stripped, pages, completions).
#    install.sh's build must see the caller's environment to reuse the play command's build
#    (install.sh says why): undo the SHLVL this script's bash added, as install.sh does its own.
export SHLVL=$(( ${SHLVL:-1} > 0 ? ${SHLVL:-1} - 1 : 0 ))
tree=$work/tree
bash "$here/install.sh" --prefix "$tree" "${install_arguments[@]}" >&2 ||
  { echo "$script_name: scripts/install.sh failed (output above); nothing was packaged" >&2; exit 1; }
printed=$(LANG=C.UTF-8 "$tree/bin/memorize-tui" --version)
version=${printed%% *}
if [[ ! $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "$script_name: --version printed $(shown "$printed"), not a release number" >&2
  exit 1
fi
server_page=""
if [[ -f $tree/bin/$layout_server ]]; then
  for section in "${layout_server_sections[@]}"; do
    [[ -f $tree/share/man/man$section/$layout_server.$section ]] && server_page=share/man/man$section/$layout_server.$section
  done
fi

# Reproducible archives: every time stamp is the last commit's (or SOURCE_DATE_EPOCH's).
if [[ -z ${SOURCE_DATE_EPOCH:-} ]]; then
  SOURCE_DATE_EPOCH=$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH
stamp() { find "$1" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +; }

deb_arch=$(dpkg --print-architecture)
machine=$(uname -m)
deb_name=memorize-tui_${version}_${deb_arch}.deb
tar_name=memorize-tui-$version-linux-$machine
maintainer=${DEB_MAINTAINER:-"memorize-tui maintainers <maintainers@users.noreply.a-seed-aac3c183.example>"}

# 2. The tarball: the installed tree, the scripts that install it, the licence and the docs.
folder=$work/$tar_name
mkdir -p "$folder"
cp -R "$tree/bin" "$tree/share" "$folder/"
cp "$here/install.sh" "$here/uninstall.sh" "$here/install-layout.sh" "$folder/"
cp "$root/LICENSE" "$root/README.md" "$root/CHANGELOG.md" "$folder/"
chmod 755 "$folder/install.sh" "$folder/uninstall.sh"
chmod 644 "$folder/install-layout.sh" "$folder/LICENSE" "$folder/README.md" "$folder/CHANGELOG.md"
stamp "$folder"
tar --sort=name --owner=0 --group=0 --numeric-owner --format=gnu -C "$work" -c "$tar_name" | gzip -9n > "$work/$tar_name.tar.gz"

# 3. The Debian package. Debian's layout for a game: /usr/games, manual in section 6, zsh's
#    vendor-completions; the server is a program users run themselves (no root, a port of their
#    own), like mosh-server, so /usr/bin.
deb=$work/deb
mkdir -p "$deb/DEBIAN" "$deb/usr/games" "$deb/usr/share/man/man6" "$deb/usr/share/bash-completion/completions" \
  "$deb/usr/share/zsh/vendor-completions" "$deb/usr/share/fish/vendor_completions.d" "$deb/usr/share/doc/memorize-tui"
install -m 755 "$tree/bin/memorize-tui" "$deb/usr/games/memorize-tui"
gzip -9n < "$tree/share/man/man6/memorize-tui.6" > "$deb/usr/share/man/man6/memorize-tui.6.gz"
install -m 644 "$tree/share/bash-completion/completions/memorize-tui" "$deb/usr/share/bash-completion/completions/"
install -m 644 "$tree/share/zsh/site-functions/_memorize-tui" "$deb/usr/share/zsh/vendor-completions/"
install -m 644 "$tree/share/fish/vendor_completions.d/memorize-tui.fish" "$deb/usr/share/fish/vendor_completions.d/"
install -m 644 "$root/packaging/debian-copyright" "$deb/usr/share/doc/memorize-tui/copyright"
mkdir -p "$deb/usr/share/lintian/overrides"
install -m 644 "$root/packaging/lintian-overrides" "$deb/usr/share/lintian/overrides/memorize-tui"
# The static game needs, at run time, only files of two essential packages: terminfo entries from
# ncurses-base (the static ncurses looks in /etc/terminfo, /lib/terminfo and /usr/share/terminfo,
# Debian's places) and the C.UTF-8 locale from libc-bin, in the format of the glibc it was linked
# with (2.36). Users and the home directory come from /etc/passwd through glibc's built-in "files"
# service, with no NSS module to load. ncurses-term has the entries of rarer terminals.
depends="libc-bin (>= 2.36), ncurses-base (>= 6.1)"
if [[ -n $server_page ]]; then
  mkdir -p "$deb/usr/bin" "$deb/usr/${server_page%/*}"
  install -m 755 "$tree/bin/$layout_server" "$deb/usr/bin/$layout_server"
  gzip -9n < "$tree/$server_page" > "$deb/usr/$server_page.gz"
  # The server links glibc, libstdc++, libgcc_s and libm dynamically: dpkg-shlibdeps reads the
  # versions it needs from the libraries' shlibs files.
  command -v dpkg-shlibdeps >/dev/null 2>&1 ||
    { echo "$script_name: dpkg-shlibdeps not found: install dpkg-dev (apt-get install dpkg-dev)" >&2; exit 2; }
  mkdir -p "$work/shlibs/debian"
  printf 'Source: memorize-tui\n\nPackage: memorize-tui\nArchitecture: any\n' > "$work/shlibs/debian/control"
  shlibs=$(cd "$work/shlibs" && dpkg-shlibdeps -O -e"$deb/usr/bin/$layout_server") ||
    { echo "$script_name: dpkg-shlibdeps could not work out what $layout_server needs (output above)" >&2; exit 1; }
  shlibs=${shlibs#shlibs:Depends=}
  [[ -n $shlibs ]] && depends="$depends, $shlibs"
  # The server holds, statically, the Swift runtime and the packages it is built from (SwiftNIO,
  # swift-nio-ssh, swift-crypto with BoringSSL, swift-log...), Apache-2.0: their NOTICE files go
  # into the copyright file as the licence asks.
  notices=("$root"/.build/checkouts/*/NOTICE.txt)
  [[ -f ${notices[0]} ]] || { echo "$script_name: no NOTICE files under .build/checkouts for $layout_server's copyright" >&2; exit 1; }
  {
    printf '\nFiles: usr/bin/%s\n' "$layout_server"
    printf 'Copyright: 2026 The memorize-tui contributors\n 2014-2025 Apple Inc. and the Swift project authors\n'
    printf ' 2017-2025 Apple Inc. and the SwiftNIO project authors\n The BoringSSL Authors\n The OpenSSL Project Authors\n'
    printf 'License: Expat and Apache-2.0 and Apache-2.0-with-Runtime-Library-Exception\n'
    printf 'Comment: Linked dynamically with glibc, libstdc++ and libgcc_s; the Swift runtime\n'
    printf ' and these packages are linked in. Their NOTICE files follow.\n'
    for notice in "${notices[@]}"; do
      package=${notice%/NOTICE.txt}
      printf ' .\n %s NOTICE.txt:\n .\n' "${package##*/}"
      sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' "$notice"
    done
    printf '\nLicense: Apache-2.0\n On Debian systems, the complete text of the Apache License, Version 2.0 can\n'
    printf ' be found in "/usr/share/common-licenses/Apache-2.0".\n'
  } >> "$deb/usr/share/doc/memorize-tui/copyright"
fi
bash "$here/debian-changelog.sh" "$root/CHANGELOG.md" "$maintainer" | gzip -9n > "$deb/usr/share/doc/memorize-tui/changelog.gz"
[[ -s $deb/usr/share/doc/memorize-tui/changelog.gz ]] || { echo "$script_name: no changelog" >&2; exit 1; }
(cd "$deb" && find usr -type f -printf '%P\n' | LC_ALL=C sort | sed 's|^|usr/|' | xargs md5sum > DEBIAN/md5sums)
# Installed-Size as dpkg-gencontrol counts it: KiB per file, rounded up, and one per directory.
installed_size=$(find "$deb/usr" -printf '%y %s\n' | awk '{ total += ($1 == "d") ? 1 : int(($2 + 1023) / 1024) } END { print total }')
description_server=""
[[ -n $server_page ]] && description_server='
 .
 memorize-tui-server serves the game over SSH: one game in its own terminal
 for each connection.'
cat > "$deb/DEBIAN/control" <<CONTROL
Package: memorize-tui
Version: $version
Architecture: $deb_arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Suggests: ncurses-term
Section: games
Priority: optional
Description: Memorize card game of Stanford's SwiftUI course, in the terminal
 Memorize, the card game of Stanford's CS193P SwiftUI course, as a full-screen
 terminal game drawn with ncurses: deal from the deck, flip cards and match
 pairs before the bonus pie runs out, with the keyboard or the mouse. Play
 alone, two at one keyboard, or against the computer at three levels.
 .
 Emoji themes and your own, animations, a live inspector of the game's model
 and animations, key scripts and asciicast recording.$description_server
CONTROL
chmod 644 "$deb/DEBIAN/control" "$deb/DEBIAN/md5sums"
find "$deb" -type d -exec chmod 755 {} +
stamp "$deb"
dpkg-deb --root-owner-group -Zxz --build "$deb" "$work/$deb_name" >/dev/null

if command -v lintian >/dev/null 2>&1; then
  echo "$script_name: lintian $deb_name" >&2
  # lintian runs as root here only in throwaway CI machines; it warns about that, which says nothing of the package.
  lint=$(lintian --allow-root --tag-display-limit 0 --display-info "$work/$deb_name" 2>&1) || true
  [[ -n $lint ]] && printf '%s\n' "$lint" >&2
  if grep -q '^E: ' <<< "$lint"; then
    echo "$script_name: lintian reports errors in $deb_name (above)" >&2
    exit 1
  fi
else
  echo "$script_name: lintian not installed: the .deb was not checked (apt-get install lintian)" >&2
fi

# 4. Into dist/, replacing what an earlier run left for this version.
dist=$root/dist
mkdir -p "$dist"
rm -f "$dist/SHA256SUMS"
mv -f "$work/$deb_name" "$work/$tar_name.tar.gz" "$dist/"
(cd "$dist" && sha256sum "$deb_name" "$tar_name.tar.gz" > SHA256SUMS)
echo "dist/$deb_name"
echo "dist/$tar_name.tar.gz"
echo "dist/SHA256SUMS"
