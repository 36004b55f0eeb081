#!/usr/bin/env bash
# Removes what install.sh installed under PREFIX (--prefix DIR, $PREFIX, or ~/.local): exactly
# the files install-layout.sh lists (the game's, the SSH server's in any section its page may
# name, the game's page from a release that put it in section 1), and then those of their
# directories that are left empty (rmdir, which refuses any directory holding something else).
# The player's themes, settings and best scores (under $XDG_CONFIG_HOME and $XDG_STATE_HOME) are
# never touched.
# Exit status: 0 done (also when nothing was installed), 1 a file could not be removed, 2 usage.
set -euo pipefail

script_name=uninstall.sh
here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
source "$here/install-layout.sh"

usage="usage: uninstall.sh [--prefix DIR]"
prefix_argument=""
while (( $# > 0 )); do
  case $1 in
    --prefix) (( $# >= 2 )) && [[ -n $2 ]] || { echo "$script_name: --prefix needs a directory; $usage" >&2; exit 2; }
              prefix_argument=$2; shift 2 ;;
    --prefix=?*) prefix_argument=${1#--prefix=}; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "$script_name: unknown argument $(shown "$1"); $usage" >&2; exit 2 ;;
  esac
done
layout_prefix "$prefix_argument" || exit 2

mapfile -t all_files < <(layout_all_files)
status=0
removed=0
for file in "${all_files[@]}"; do
  path=$prefix/$file
  if [[ -L $path || ( -e $path && ! -d $path ) ]]; then
    if rm -f -- "$path" 2>/dev/null; then
      echo "removed $(shown "$path")"
      removed=$((removed + 1))
    else
      echo "$script_name: cannot remove $(shown "$path")" >&2
      status=1
    fi
  fi
done

# The directories on the way, deepest first, only while empty; never PREFIX itself, nor the
# directories every prefix is expected to have (Debian ships /usr/local/bin and
# /usr/local/share/man empty; ~/.local/share is the XDG data home).
for file in "${all_files[@]}"; do
  dir=${file%/*}
  while [[ $dir == */* || -n $dir ]]; do
    case $dir in bin|share|share/man) break ;; esac
    rmdir -- "$prefix/$dir" 2>/dev/null || break
    [[ $dir == */* ]] || break
    dir=${dir%/*}
  done
done

(( removed > 0 )) || echo "nothing of memorize-tui's was installed under $(shown "${prefix:-/}")"
exit $status
