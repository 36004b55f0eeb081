#!/usr/bin/env bash
# Installs memorize-tui the way command-line programs install: the release binary (Swift runtime
# linked in), stripped of its symbols, its man page, and bash, zsh and fish completions under
# PREFIX; and the SSH server memorize-tui-server with its man page, where the package declares it.
#
#   bash scripts/install.sh [--prefix DIR]          PREFIX from --prefix, $PREFIX, or ~/.local
#   bash scripts/install.sh --binary FILE [--server-binary FILE] [...]
#                                                   install FILE (a memorize-tui already built,
#                                                   e.g. the release build CI tested) instead of building
#   bash install.sh [--prefix DIR]                  from an unpacked release tarball (scripts/package.sh):
#                                                   installs the files it ships; needs no Swift
#
# Builds with the README's play command (`swift build -c release`, every product), so the release
# build made to play is reused as it is: nothing is compiled or linked again. Everything is made in
# a temporary directory first (the man pages and completions come from the new binaries
# themselves), then copied into PREFIX under temporary names and renamed into place only when every
# copy succeeded; on any failure what was copied is removed. Exit status: 0 installed, 1 the build
# or the copy failed, 2 usage error or a missing prerequisite (one line each). Undo with
# uninstall.sh (same PREFIX).
set -euo pipefail

script_name=install.sh
# Only builtins until the prerequisites are known to be there (no dirname, no cd "$(...)").
here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
here=$(cd "$here" && pwd)
source "$here/install-layout.sh"
# In a checkout this script is scripts/install.sh; in a release tarball it sits beside bin/ and share/.
root=${here%/scripts}

usage="usage: install.sh [--prefix DIR] [--binary FILE [--server-binary FILE]]"
prefix_argument=""
binary=""
server_binary=""
while (( $# > 0 )); do
  case $1 in
    --prefix) (( $# >= 2 )) || { echo "$script_name: --prefix needs a directory; $usage" >&2; exit 2; }
              prefix_argument=$2; [[ -n $2 ]] || { echo "$script_name: --prefix needs a directory; $usage" >&2; exit 2; }
              shift 2 ;;
    --prefix=?*) prefix_argument=${1#--prefix=}; shift ;;
    --binary) (( $# >= 2 )) && [[ -n $2 ]] || { echo "$script_name: --binary needs a file; $usage" >&2; exit 2; }
              binary=$2; shift 2 ;;
    --binary=?*) binary=${1#--binary=}; shift ;;
    --server-binary) (( $# >= 2 )) && [[ -n $2 ]] || { echo "$script_name: --server-binary needs a file; $usage" >&2; exit 2; }
              server_binary=$2; shift 2 ;;
    --server-binary=?*) server_binary=${1#--server-binary=}; shift ;;
    -h|--help) echo "$usage"; echo "Installs memorize-tui into PREFIX (default ~/.local): bin/, share/man/ and shell completions."; exit 0 ;;
    *) echo "$script_name: unknown argument $(shown "$1"); $usage" >&2; exit 2 ;;
  esac
done
layout_prefix "$prefix_argument" || exit 2
if [[ -n $server_binary && -z $binary ]]; then
  echo "$script_name: --server-binary goes with --binary; $usage" >&2
  exit 2
fi

# Where the files come from: a release tarball ships them built (bin/ and share/ beside this
# script), --binary names them, or the checkout builds them.
if [[ -z $binary && -f $here/bin/memorize-tui && -d $here/share ]]; then
  source_kind=shipped
elif [[ -n $binary ]]; then
  source_kind=given
else
  source_kind=build
fi

# Prerequisites: one line each, naming what to install; all of them before giving up.
missing=0
if [[ $source_kind == build ]]; then
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
elif [[ $source_kind == given ]]; then
  for file in "$binary" ${server_binary:+"$server_binary"}; do
    if [[ ! -f $file || ! -x $file ]]; then
      echo "$script_name: $(shown "$file") is not an executable file" >&2
      exit 2
    fi
  done
fi
# A tarball's programs are stripped already; a build's are stripped here (31 MB become 16.5 MB).
if [[ $source_kind != shipped ]] && ! command -v strip >/dev/null 2>&1; then
  echo "$script_name: strip not found: install binutils (apt-get install binutils)" >&2
  missing=1
fi
(( missing == 0 )) || exit 2

if [[ $source_kind == build ]]; then
  # Exactly the README's play command, so the same build serves playing, installing and the
  # benchmark. SwiftPM also keys its build-tool plugins' commands on the whole environment: a
  # variable that differs from the play command's (SHLVL, which this script's bash raised, or the
  # PWD and OLDPWD a cd sets) re-links the plugins' tools and reruns them. So the build sees the
  # caller's environment: SHLVL as the caller had it, and no cd when already in the checkout.
  build=(swift build -c release)
  echo "$script_name: building: ${build[*]}" >&2
  export SHLVL=$(( ${SHLVL:-1} > 0 ? ${SHLVL:-1} - 1 : 0 ))
  if ! ( [[ $PWD == "$root" ]] || cd "$root"; "${build[@]}" >&2 ); then
    echo "$script_name: the build failed (output above); nothing was installed" >&2
    exit 1
  fi
  products=$( [[ $PWD == "$root" ]] || cd "$root"; "${build[@]}" --show-bin-path)
  binary=$products/memorize-tui
  if layout_declares_server "$root"; then
    server_binary=$products/$layout_server
    [[ -x $server_binary ]] || { echo "$script_name: Package.swift declares $layout_server but the build made no $(shown "$server_binary"); nothing was installed" >&2; exit 1; }
  fi
fi

fail_staging() {
  echo "$script_name: $1; nothing was installed" >&2
  exit 1
}

# What will be installed, relative to PREFIX (the game's files first, in layout order), and labels.
files=("${layout_files[@]}")
labels=("${layout_labels[@]}")

if [[ $source_kind == shipped ]]; then
  stage=$here
  binary=$here/bin/memorize-tui
  if [[ -f $here/bin/$layout_server ]]; then
    files+=("bin/$layout_server"); labels+=(server)
    for section in "${layout_server_sections[@]}"; do
      page=share/man/man$section/$layout_server.$section
      [[ -f $here/$page ]] && { files+=("$page"); labels+=("server man page"); }
    done
  fi
  for file in "${files[@]}"; do
    [[ -f $stage/$file ]] || fail_staging "this release is missing $file"
  done
  version=$(LANG=C.UTF-8 "$binary" --version 2>/dev/null) || fail_staging "$(shown "$binary") --version failed"
else
  stage=$(mktemp -d "${TMPDIR:-/tmp}/memorize-tui-install.XXXXXX")
  trap 'rm -rf "$stage"' EXIT
  # Stage: each binary stripped, then what it says about itself (man page, completions).
  for file in "${files[@]}"; do mkdir -p "$stage/${file%/*}"; done
  staged_binary=$stage/${files[0]}
  strip --strip-all --remove-section=.comment -o "$staged_binary" "$binary" 2>/dev/null || fail_staging "cannot strip a copy of $(shown "$binary")"
  chmod 755 "$staged_binary"
  version=$(LANG=C.UTF-8 "$staged_binary" --version 2>/dev/null) || fail_staging "$(shown "$binary") --version failed"
  "$staged_binary" --generate-manual > "$stage/${files[1]}" || fail_staging "the man page could not be generated"
  section=$(layout_manual_section "$stage/${files[1]}") || section=none
  [[ $section == "${files[1]##*.}" ]] || fail_staging "the man page names section $section, not ${files[1]##*.}"
  for i in 2 3 4; do
    file=${files[i]}
    shell=${labels[i]%% *}
    "$staged_binary" --generate-completion-script "$shell" > "$stage/$file" ||
      fail_staging "the $shell completion could not be generated"
  done
  # argument-parser starts the bash script with #!/bin/bash, but bash-completion sources it.
  bash_completion=$(< "$stage/${files[2]}")
  [[ $bash_completion == '#!'* ]] && printf '%s\n' "${bash_completion#*$'\n'}" > "$stage/${files[2]}"
  chmod 644 "$stage/${files[1]}" "$stage/${files[2]}" "$stage/${files[3]}" "$stage/${files[4]}"
  if [[ -n $server_binary ]]; then
    staged_server=$stage/bin/$layout_server
    strip --strip-all --remove-section=.comment -o "$staged_server" "$server_binary" 2>/dev/null || fail_staging "cannot strip a copy of $(shown "$server_binary")"
    chmod 755 "$staged_server"
    "$staged_server" --generate-manual > "$stage/server-page" || fail_staging "the $layout_server man page could not be generated"
    section=$(layout_manual_section "$stage/server-page") || section=none
    [[ " ${layout_server_sections[*]} " == *" $section "* ]] ||
      fail_staging "the $layout_server man page names section $section, not one of ${layout_server_sections[*]}"
    page=share/man/man$section/$layout_server.$section
    mkdir -p "$stage/${page%/*}"
    mv "$stage/server-page" "$stage/$page"
    chmod 644 "$stage/$page"
    files+=("bin/$layout_server" "$page")
    labels+=(server "server man page")
  fi
fi
version=${version//[^A-Za-z0-9 .()+-]/?}
version=${version:0:100}
[[ $version =~ ^[0-9] ]] || fail_staging "$(shown "$binary") is not memorize-tui (--version said \"$version\")"
for file in "${files[@]}"; do
  [[ -s $stage/$file ]] || fail_staging "$file came out empty"
done

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
for file in "${files[@]}"; do
  destination=$prefix/$file
  make_directory "${destination%/*}" || fail_install "cannot create the directory $(shown "${destination%/*}")"
  [[ ! -d $destination ]] || fail_install "$(shown "$destination") is a directory"
  copy="${destination%/*}/.${file##*/}.installing.$$"
  temporary+=("$copy")
  cp -- "$stage/$file" "$copy" 2>/dev/null || fail_install "cannot write $(shown "$copy")"
done
for i in "${!files[@]}"; do
  destination=$prefix/${files[i]}
  mv -f -- "${temporary[i]}" "$destination" 2>/dev/null || fail_install "cannot put $(shown "$destination") in place"
  placed+=("$destination")
done
temporary=()

echo "Installed memorize-tui $version:"
for i in "${!files[@]}"; do
  printf '  %-16s %s\n' "${labels[i]}" "$(shown "$prefix/${files[i]}")"
done
if ! layout_on_path "$prefix/bin"; then
  echo "$(shown "$prefix/bin") is not on your PATH; add it, e.g. in ~/.profile: export PATH=\"$(shown "$prefix/bin"):\$PATH\""
fi
case $prefix in
  /usr|/usr/local) ;;
  *) echo "zsh only looks for completions in its fpath: add  fpath=($(shown "$prefix/share/zsh/site-functions") \$fpath)  to ~/.zshrc before compinit" ;;
esac
echo "Uninstall with: bash $(shown "$here/uninstall.sh") --prefix $(shown "${prefix:-/}")"
