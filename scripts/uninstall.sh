#!/usr/bin/env bash
# Removes what scripts/install.sh installed under PREFIX (--prefix DIR, $PREFIX, or ~/.local):
# exactly the files listed in scripts/install-layout.sh, and then those of their directories that
# are left empty (rmdir, which refuses any directory holding something else). The player's
# themes, settings and best scores (under $XDG_CONFIG_HOME and $XDG_STATE_HOME) are never touched.
# Exit status: 0 done (also when nothing was installed), 1 a file could not be removed, 2 usage.
set -euo pipefail

script_name=uninstall.sh
here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
source "$here/install-layout.sh"

usage="usage: scripts/uninstall.sh [--prefix DIR]"
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

status=0
removed=0
for file in "${layout_files[@]}"; do
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

# The directories on the way, deepest first, only while empty; never PREFIX itself.
for file in "${layout_files[@]}"; do
  dir=${file%/*}
  while [[ $dir == */* || -n $dir ]]; do
    rmdir -- "$prefix/$dir" 2>/dev/null || break
    [[ $dir == */* ]] || break
    dir=${dir%/*}
  done
done

(( removed > 0 )) || echo "nothing of memorize-tui's was installed under $(shown "${prefix:-/}")"
exit $status
