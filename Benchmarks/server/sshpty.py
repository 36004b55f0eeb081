"""Real OpenSSH `ssh` clients, each in its own pty, as a player's terminal runs them: the tables
benchmark's clients (tables.py). Every chunk a client's pty gives is recorded with its arrival
time; keys are written to the pty as a terminal would send them."""
import asyncio
import fcntl
import os
import re
import signal
import struct
import subprocess
import termios
import time

COLUMNS, ROWS = 120, 40
TERM = "xterm-256color"
# The same key exchange and cipher as the asyncssh clients of the server benchmark (players.py).
KEX, CIPHER = "curve25519-sha256", "aes128-gcm@openssh.com"
# Output kept per client for reading text (the invitation line); arrival times are always kept.
KEEP_BYTES = 1 << 20
ESCAPE = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


class Client:
    """One `ssh -tt` in a pty: `chunks` is [(monotonic time, byte count)] of everything it printed."""

    def __init__(self, port, key, user, remote, source, columns=COLUMNS, rows=ROWS):
        self.chunks, self.text, self.closed = [], bytearray(), False
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        argv = ["ssh", "-F", "/dev/null", "-tt", "-p", str(port), "-b", source, "-i", key,
                "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=30",
                "-o", f"KexAlgorithms={KEX}", "-c", CIPHER, f"{user}@127.0.0.1"] + remote
        env = dict(os.environ, TERM=TERM, LANG="C.UTF-8")
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)

    def _readable(self):
        try:
            data = os.read(self.master, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._stop_reading()
            return
        self.chunks.append((time.monotonic(), len(data)))
        if len(self.text) < KEEP_BYTES:
            self.text += data[:KEEP_BYTES - len(self.text)]

    def _stop_reading(self):
        if not self.closed:
            self.closed = True
            asyncio.get_running_loop().remove_reader(self.master)

    def press(self, keys):
        os.write(self.master, keys)

    def chunk_text(self, t):
        """The chunk that arrived at time t, escapes taken out (what a choose changed first)."""
        offset = 0
        for when, size in self.chunks:
            if when == t:
                return ESCAPE.sub(b"", bytes(self.text[offset:offset + size])).decode("utf-8", "replace")
            offset += size
        return ""

    def plain(self):
        """What it printed so far with escape sequences taken out (to find text in it)."""
        return ESCAPE.sub(b"", bytes(self.text)).decode("utf-8", "replace")

    def first_after(self, t):
        """Arrival time of the first chunk at or after t, or None."""
        first = None
        for when, _ in reversed(self.chunks):
            if when < t:
                break
            first = when
        return first

    def quiet_for(self):
        """Seconds since it last printed (since the start when it never has)."""
        return time.monotonic() - (self.chunks[-1][0] if self.chunks else 0)

    def alive(self):
        return self.process.poll() is None

    def close(self):
        """Ends its ssh (the server then ends the game behind it) and the pty."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        try:
            self.process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=3)
        self._stop_reading()
        os.close(self.master)


async def wait_until(test, timeout, step=0.02):
    """Polls test() until it is true or timeout seconds pass; returns its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = test()
        if value or time.monotonic() > deadline:
            return value
        await asyncio.sleep(step)


async def wait_quiet(clients, quiet, timeout):
    """Until every client has printed nothing for `quiet` seconds; whether that happened."""
    return await wait_until(lambda: all(c.quiet_for() >= quiet for c in clients), timeout)
