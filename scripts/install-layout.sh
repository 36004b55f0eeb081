# Sourced by install.sh and uninstall.sh (bash): the one list of what an install puts under
# PREFIX, and how both scripts read PREFIX and print paths. Uses only bash builtins, so the
# prerequisite check still speaks when PATH holds nothing useful.

# Relative to PREFIX. install.sh writes exactly these, uninstall.sh removes exactly these. The
# manual is in section 6, games (man-pages(7); Debian policy 12.1), as the page's .Dt line says.
layout_files=(
  bin/memorize-tui
  share/man/man6/memorize-tui.6
  share/bash-completion/completions/memorize-tui
  share/zsh/site-functions/_memorize-tui
  share/fish/vendor_completions.d/memorize-tui.fish
)

# What each file is, for the summary (same order).
layout_labels=(program "man page" "bash completion" "zsh completion" "fish completion")

# The SSH server, a second program: installed with its manual only where it was built (Package.swift
# declares its product) or shipped (a tarball that holds it). Its page goes in the section its own
# .Dt line names; these are the places it may be, all of which uninstall.sh clears.
layout_server=memorize-tui-server
layout_server_sections=(1 8)

# Also removed by uninstall.sh when present: the game's page from releases that put it in section 1.
layout_former_files=(share/man/man1/memorize-tui.1)

# Every file uninstall.sh may remove, relative to PREFIX.
layout_all_files() {
  local section
  printf '%s\n' "${layout_files[@]}" "bin/$layout_server"
  for section in "${layout_server_sections[@]}"; do
    printf '%s\n' "share/man/man$section/$layout_server.$section"
  done
  printf '%s\n' "${layout_former_files[@]}"
}

# True when the package at $1 declares the server's executable product (read with builtins).
layout_declares_server() {
  local manifest=$1/Package.swift text
  [[ -f $manifest ]] || return 1
  text=$(< "$manifest")
  [[ $text =~ \.executable\([[:space:]]*name:[[:space:]]*\"memorize-tui-server\" ]]
}

# The section a manual page in mdoc or man format declares (its .Dt or .TH line), when it is one
# of 1-9; prints nothing otherwise.
layout_manual_section() {
  local line
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $line =~ ^\.(Dt|TH)[[:space:]]+[^[:space:]]+[[:space:]]+\"?([1-9])\"?([[:space:]]|$) ]]; then
      printf '%s' "${BASH_REMATCH[2]}"
      return 0
    fi
  done < "$1"
  return 1
}

# A path as it is safe to print: plain when it is only ordinary characters, otherwise shell-quoted
# by printf %q (control characters and invalid bytes come out as $'\e', $'\302'; nothing reaches
# the terminal raw), and never longer than 300 characters.
shown() {
  local text=$1
  if (( ${#text} > 300 )); then text="${text:0:300}..."; fi
  if [[ $text =~ ^[A-Za-z0-9/._+@:,=~-]*$ ]]; then
    printf '%s' "$text"
  else
    printf '%q' "$text"
  fi
}

# Sets `prefix` from --prefix DIR (already in $1, may be empty) or $PREFIX, default ~/.local;
# made absolute. Prints one line and returns 2 when it cannot be used.
layout_prefix() {
  local chosen=${1:-${PREFIX:-}}
  if [[ -z $chosen ]]; then
    if [[ -z ${HOME:-} || ${HOME:0:1} != / ]]; then
      echo "$script_name: HOME is not set to an absolute path: give --prefix DIR or PREFIX=DIR" >&2
      return 2
    fi
    chosen=$HOME/.local
  fi
  if (( ${#chosen} > 1024 )); then
    echo "$script_name: the prefix is longer than 1024 characters" >&2
    return 2
  fi
  if [[ $chosen == *[[:cntrl:]]* ]]; then
    echo "$script_name: the prefix $(shown "$chosen") holds control characters; choose another" >&2
    return 2
  fi
  [[ ${chosen:0:1} == / ]] || chosen=$PWD/$chosen
  # "/opt/x/" and "/opt/x" are the same place; "/" stays "/" (files then go to /bin/...).
  while [[ ${#chosen} -gt 1 && $chosen == */ ]]; do chosen=${chosen%/}; done
  prefix=$chosen
  [[ $prefix == / ]] && prefix=""
  return 0
}

# True when DIR is one of PATH's entries (compared as written and without a trailing slash).
layout_on_path() {
  local dir=$1 entry
  local IFS=:
  for entry in ${PATH:-}; do
    [[ ${entry%/} == "${dir%/}" ]] && return 0
  done
  return 1
}
