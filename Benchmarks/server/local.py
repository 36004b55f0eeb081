"""The yardstick: the same game in a local pseudo-terminal, no SSH at all, read by the same
Python event loop as the SSH players. What it shows is what this machine and this client give
without any server: a server can only add to it."""
import asyncio
import fcntl
import os
import struct
import subprocess
import termios
import time

from players import COLUMNS, GAME_ARGS, ROWS, TERM, GameOutput, Player


class LocalTarget:
    """Stands where a server would: its games are children of this driver process."""

    def __init__(self, game):
        self.name, self.game, self.port, self.pid = "pty-only", game, None, os.getpid()
        self.local = True


class LocalPlayer:
    def __init__(self, target):
        self.target = target
        self.output = GameOutput()
        self.first_frame = self.handshake = None
        self.process = self.master = None

    async def open(self, timeout):
        start = time.monotonic()
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {"PATH": "/usr/bin:/bin", "TERM": TERM, "LANG": "C.UTF-8", "HOME": os.environ.get("BENCH_HOME", "/tmp")}
        self.process = subprocess.Popen([self.target.game, *GAME_ARGS.split()], stdin=slave, stdout=slave,
                                        stderr=slave, env=env, start_new_session=True,
                                        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        asyncio.get_running_loop().add_reader(self.master, self._readable)
        await asyncio.wait_for(self.output.marker_seen.wait(), timeout)
        self.first_frame = await Player.quiet(self) - start   # the same end-of-burst rule
        return self

    def _readable(self):
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            self.output.connection_lost(None)
            return
        self.output.data_received(data, None)

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def press(self, key):
        os.write(self.master, key.encode())

    async def quit(self, timeout=10):
        if self.process is None:
            return None
        if self.alive():
            self.press("q")
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)
        return self.process.returncode

