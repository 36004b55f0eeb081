#!/usr/bin/env bash
# Prints CHANGELOG.md's release sections (`## 0.2.0 (2026-11-25)`, not "Unreleased") as a Debian
# changelog, newest first, for the .deb's /usr/share/doc/memorize-tui/changelog.gz (a native
# package's changelog is in Debian's format). Each "- " item becomes a "  * " entry, rewrapped to
# 78 columns; the trailer line carries the section's date and the package's maintainer.
#
#   bash scripts/debian-changelog.sh CHANGELOG.md "Name <address>"
set -euo pipefail
(( $# == 2 )) || { echo "usage: scripts/debian-changelog.sh CHANGELOG.md MAINTAINER" >&2; exit 2; }
changelog=$1
maintainer=$2

LC_ALL=C awk -v maintainer="$maintainer" '
  # Prints the words of `text` after `first` (for the first line) or `rest`, wrapped to 78 columns.
  function wrap(text, first, rest,    words, n, i, line, prefix) {
    n = split(text, words, /[ \t]+/)
    line = ""; prefix = first
    for (i = 1; i <= n; i++) {
      if (words[i] == "") continue
      if (line != "" && length(prefix line " " words[i]) > 78) {
        print prefix line; line = ""; prefix = rest
      }
      line = (line == "") ? words[i] : line " " words[i]
    }
    if (line != "") print prefix line
  }
  function flush_item() { if (item != "") { wrap(item, "  * ", "    "); item = "" } }
  function close_release() {
    if (!open) return
    flush_item()
    print ""
    print " -- " maintainer "  " date
    open = 0
  }
  /^## / {
    close_release()
    if (match($0, /^## [0-9]+\.[0-9]+\.[0-9]+ \([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]\)$/)) {
      version = $2; day = substr($3, 2, 10)
      cmd = "date -u -R -d " day
      cmd | getline date; close(cmd)
      if (printed) print ""
      print "memorize-tui (" version ") unstable; urgency=medium"
      print ""
      open = 1; printed = 1
    }
    next
  }
  !open { next }
  /^- / { flush_item(); item = substr($0, 3); next }
  /^[ \t]+[^ \t]/ { if (item != "") { sub(/^[ \t]+/, ""); item = item " " $0 }; next }
  /^$/ { flush_item(); next }
  { flush_item(); item = $0 }
  END { close_release() }
' "$changelog"
