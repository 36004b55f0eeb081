#!/usr/bin/env bash
# The README's test command: installs what the tests need and a fresh machine lacks, then builds and
# runs every test (`bash scripts/test.sh`; extra arguments go to `swift test`, e.g. `--filter X`).
# - Debian packages (apt-get, when run as root; otherwise it names the command to run).
# - Python packages into .build/python (pip --target), never into the system's Python: the tests
#   look there themselves (Tests/Support/TestPython.swift), so `swift test` alone works afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the test suite runs, each with the tests that need it.
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
pkg-config --exists ncursesw 2>/dev/null || missing+=(libncursesw5-dev)
command -v tmux >/dev/null || missing+=(tmux)                         # end-to-end tests drive the game in tmux
command -v python3 >/dev/null || missing+=(python3)                   # hostile SSH clients, pyte, ssh-audit
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)   # installs those into .build/python
[ -f /usr/share/i18n/charmaps/ISO-8859-1.gz ] || missing+=(locales)   # LocaleTests build an ISO-8859-1 locale
command -v ssh >/dev/null || missing+=(openssh-client)                # ServerTests play through OpenSSH's client
command -v dbclient >/dev/null || missing+=(dropbear-bin)             # ...and dropbear's (OtherClientTests)
command -v plink >/dev/null || missing+=(putty-tools)                 # ...and PuTTY's
command -v prlimit >/dev/null || missing+=(util-linux)                # LimitTests squeeze the server
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)                         # the server behind a real balancer (PROXY protocol)
command -v asciinema >/dev/null || missing+=(asciinema)               # RecordReplayTests replay a recording
# The leaderboard's tests against a real PostgreSQL (scripts/ci-postgres.sh starts a throwaway one).
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# EndToEndTests/Emulators: the game in real terminal emulators under Xvfb, judged by screenshots.
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xterm >/dev/null || missing+=(xterm)
command -v kitty >/dev/null || missing+=(kitty)
[ -x /usr/bin/import ] && [ -x /usr/bin/convert ] || missing+=(imagemagick)
command -v xdotool >/dev/null || missing+=(xdotool)
# grep reads all of fc-list's output: with -q it stops early, fc-list dies of SIGPIPE and
# pipefail would call the font missing.
fonts=$(fc-list : family 2>/dev/null || true)
grep -F 'DejaVu Sans Mono' <<<"$fonts" >/dev/null || missing+=(fonts-dejavu-core)
grep -F 'Noto Color Emoji' <<<"$fonts" >/dev/null || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "test.sh: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "test.sh: missing Debian packages; install them first:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# Python packages, pinned where a test lists the tool's findings (ssh-audit: README "What ssh-audit
# says about it"). The folder is tied to the interpreter that filled it (compiled wheels such as
# paramiko's cryptography match one Python): another python3 first on PATH refills it.
python_dir=.build/python
requirements="paramiko pyte ssh-audit==3.9.0"
interpreter=$(python3 -c 'import sys; print(sys.executable)')
stamp="$interpreter $(python3 -c 'import sys; print(sys.version.split()[0])') $requirements"
if [ "$(cat "$python_dir/STAMP" 2>/dev/null)" != "$stamp" ]; then
  echo "test.sh: installing $requirements into $python_dir (pip --target, for $interpreter)"
  rm -rf "$python_dir"
  mkdir -p "$python_dir"
  # --target leaves the system's Python alone (and so needs no --break-system-packages).
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$python_dir" $requirements
  printf '%s\n' "$interpreter" > "$python_dir/INTERPRETER"
  printf '%s\n' "$stamp" > "$python_dir/STAMP"
fi

export LANG=C.UTF-8
swift build && swift test --disable-xctest "$@"
