#!/usr/bin/env bash
# Installs memorize-tui the way command-line programs install: the release binary (Swift runtime
# linked in), its man page, and bash, zsh and fish completions under PREFIX.
#
#   bash scripts/install.sh [--prefix DIR]          PREFIX from --prefix, $PREFIX, or ~/.local
#   bash scripts/install.sh --binary FILE [...]     install FILE (a memorize-tui already built,
#                                                   e.g. the release build CI tested) instead of building
#
# Builds with the README's and .ci/run's flags, so an existing release build is reused. Everything
# is made in a temporary directory first (the man page and completions come from the new binary
# itself), then copied into PREFIX under temporary names and renamed into place only when every
# copy succeeded; on any failure what was copied is removed. Exit status: 0 installed, 1 the build
# or the copy failed, 2 usage error or a missing prerequisite (one line each). Undo with
# scripts/uninstall.sh (same PREFIX).
set -euo pipefail

script_name=install.sh
# Only builtins until the prerequisites are known to be there (no dirname, no cd "$(...)").
here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
root=$(cd "$here/.." && pwd)
source "$root/scripts/install-layout.sh"

usage="usage: scripts/install.sh [--prefix DIR] [--binary FILE]"
prefix_argument=""
binary=""
while (( $# > 0 )); do
  case $1 in
    --prefix) (( $# >= 2 )) || { echo "$script_name: --prefix needs a directory; $usage" >&2; exit 2; }
              prefix_argument=$2; [[ -n $2 ]] || { echo "$script_name: --prefix needs a directory; $usage" >&2; exit 2; }
              shift 2 ;;
    --prefix=?*) prefix_argument=${1#--prefix=}; shift ;;
    --binary) (( $# >= 2 )) && [[ -n $2 ]] || { echo "$script_name: --binary needs a file; $usage" >&2; exit 2; }
              binary=$2; shift 2 ;;
    --binary=?*) binary=${1#--binary=}; shift ;;
    -h|--help) echo "$usage"; echo "Installs memorize-tui into PREFIX (default ~/.local): bin/, share/man/man1/ and shell completions."; exit 0 ;;
    *) echo "$script_name: unknown argument $(shown "$1"); $usage" >&2; exit 2 ;;
  esac
done
layout_prefix "$prefix_argument" || exit 2

# Prerequisites: one line each, naming what to install; all of them before giving up.
missing=0
if [[ -z $binary ]]; then
  if ! command -v swift >/dev/null 2>&1; then
    echo "$script_name: swift not found: install the Swift 6 toolchain (https://www.swift.org/install/linux/) and put it on PATH" >&2
    missing=1
  fi
  if ! command -v pkg-config >/dev/null 2>&1; then
    echo "$script_name: pkg-config not found: install the pkg-config package (apt-get install pkg-config)" >&2
    missing=1
    # Without pkg-config, look for the header where Debian puts it.
    [[ -e /usr/include/ncursesw/curses.h || -e /usr/include/ncurses.h ]] || ncursesw_missing=1
  elif ! pkg-config --exists ncursesw 2>/dev/null; then
    ncursesw_missing=1
  fi
  if [[ -n ${ncursesw_missing:-} ]]; then
    echo "$script_name: ncursesw development files not found: install libncursesw5-dev (apt-get install libncursesw5-dev)" >&2
    missing=1
  fi
elif [[ ! -f $binary || ! -x $binary ]]; then
  echo "$script_name: --binary $(shown "$binary") is not an executable file" >&2
  exit 2
fi
(( missing == 0 )) || exit 2

if [[ -z $binary ]]; then
  # The README's play command and .ci/run use the same flags: an existing build is reused.
  build=(swift build -c release --product memorize-tui)
  echo "$script_name: building: ${build[*]}" >&2
  if ! (cd "$root" && "${build[@]}" >&2); then
    echo "$script_name: the build failed (output above); nothing was installed" >&2
    exit 1
  fi
  binary=$(cd "$root" && "${build[@]}" --show-bin-path)/memorize-tui
fi

stage=$(mktemp -d "${TMPDIR:-/tmp}/memorize-tui-install.XXXXXX")
trap 'rm -rf "$stage"' EXIT

fail_staging() {
  echo "$script_name: $1; nothing was installed" >&2
  exit 1
}

# Stage: the binary, then what it says about itself (man page, completions).
for file in "${layout_files[@]}"; do mkdir -p "$stage/${file%/*}"; done
staged_binary=$stage/${layout_files[0]}
cp "$binary" "$staged_binary" || fail_staging "cannot copy $(shown "$binary")"
chmod 755 "$staged_binary"
version=$(LANG=C.UTF-8 "$staged_binary" --version 2>/dev/null) || fail_staging "$(shown "$binary") --version failed"
version=${version//[^A-Za-z0-9 .()+-]/?}
version=${version:0:100}
[[ $version =~ ^[0-9] ]] || fail_staging "$(shown "$binary") is not memorize-tui (--version said \"$version\")"
"$staged_binary" --generate-manual > "$stage/${layout_files[1]}" || fail_staging "the man page could not be generated"
for i in 2 3 4; do
  file=${layout_files[i]}
  shell=${layout_labels[i]%% *}
  "$staged_binary" --generate-completion-script "$shell" > "$stage/$file" ||
    fail_staging "the $shell completion could not be generated"
done
for file in "${layout_files[@]}"; do
  [[ -s $stage/$file ]] || fail_staging "$file came out empty"
done
chmod 644 "$stage/${layout_files[1]}" "$stage/${layout_files[2]}" "$stage/${layout_files[3]}" "$stage/${layout_files[4]}"

# Copy into PREFIX under temporary names, then rename each into place. On failure, remove every
# temporary copy, every file already renamed into place, and every directory this run created.
created_dirs=()
temporary=()
placed=()
roll_back() {
  local i
  for (( i = ${#temporary[@]} - 1; i >= 0; i-- )); do rm -f -- "${temporary[i]}"; done
  for (( i = ${#placed[@]} - 1; i >= 0; i-- )); do rm -f -- "${placed[i]}"; done
  for (( i = ${#created_dirs[@]} - 1; i >= 0; i-- )); do rmdir -- "${created_dirs[i]}" 2>/dev/null || true; done
}
fail_install() {
  roll_back
  echo "$script_name: $1; nothing was installed" >&2
  exit 1
}
make_directory() {
  local dir=$1
  [[ -d $dir ]] && return 0
  [[ -e $dir || -L $dir ]] && return 1
  make_directory "${dir%/*}" || return 1
  mkdir -- "$dir" 2>/dev/null || return 1
  created_dirs+=("$dir")
}
for file in "${layout_files[@]}"; do
  destination=$prefix/$file
  make_directory "${destination%/*}" || fail_install "cannot create the directory $(shown "${destination%/*}")"
  [[ ! -d $destination ]] || fail_install "$(shown "$destination") is a directory"
  copy="${destination%/*}/.${file##*/}.installing.$$"
  temporary+=("$copy")
  cp -- "$stage/$file" "$copy" 2>/dev/null || fail_install "cannot write $(shown "$copy")"
done
for i in "${!layout_files[@]}"; do
  destination=$prefix/${layout_files[i]}
  mv -f -- "${temporary[i]}" "$destination" 2>/dev/null || fail_install "cannot put $(shown "$destination") in place"
  placed+=("$destination")
done
temporary=()

echo "Installed memorize-tui $version:"
for i in "${!layout_files[@]}"; do
  printf '  %-16s %s\n' "${layout_labels[i]}" "$(shown "$prefix/${layout_files[i]}")"
done
if ! layout_on_path "$prefix/bin"; then
  echo "$(shown "$prefix/bin") is not on your PATH; add it, e.g. in ~/.profile: export PATH=\"$(shown "$prefix/bin"):\$PATH\""
fi
case $prefix in
  /usr|/usr/local) ;;
  *) echo "zsh only looks for completions in its fpath: add  fpath=($(shown "$prefix/share/zsh/site-functions") \$fpath)  to ~/.zshrc before compinit" ;;
esac
echo "Uninstall with: bash $(shown "$root/scripts/uninstall.sh") --prefix $(shown "${prefix:-/}")"
