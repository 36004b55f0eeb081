"""SSH players as the benchmark drives them: asyncssh clients, each one connection with one game
session in a 120x40 pty, recording when each chunk of output arrives."""
import asyncio
import time

import asyncssh

COLUMNS, ROWS = 120, 40
TERM = "xterm-256color"
# Both servers get the same game: memorize-tui-server passes these allowlisted flags on; sshd's
# ForceCommand runs the same words and ignores what the client asks for.
GAME_ARGS = "--theme Vehicles --seed 1"
# The title line's text; the first frame is complete at the end of the burst that carries it.
MARKER = b"Score:"
from frames import BURST_GAP  # one frame: output with no pause longer than this
# One key exchange and cipher for both servers, so neither pays for a different choice.
KEX = ["curve25519-sha256"]
CIPHERS = ["aes128-gcm@openssh.com"]


class Target:
    """A server under test: where it listens, the user name to log in with, its listener's pid."""

    def __init__(self, name, port, user, pid):
        self.name, self.port, self.user, self.pid = name, int(port), user, int(pid)

    @staticmethod
    def parse(text):
        fields = dict(item.split("=", 1) for item in text.split(","))
        return Target(fields["name"], fields["port"], fields["user"], fields["pid"])


class GameOutput(asyncssh.SSHClientSession):
    def __init__(self):
        self.chunks = []            # (monotonic time, bytes) of every chunk received
        self.head = bytearray()     # output until the marker shows up
        self.marker_seen = asyncio.Event()
        self.ended = asyncio.Event()
        self.exit_status = None

    def data_received(self, data, datatype):
        self.chunks.append((time.monotonic(), len(data)))
        if not self.marker_seen.is_set():
            self.head += data
            if MARKER in self.head:
                self.marker_seen.set()

    def exit_status_received(self, status):
        self.exit_status = status

    def connection_lost(self, exc):
        self.ended.set()


class Player:
    """One connection and its game. `first_frame` is seconds from the start of the TCP connect
    to the end of the first frame's burst, as this client read it."""

    def __init__(self, target, keys, source):
        self.target, self.keys, self.source = target, keys, source
        self.conn = self.channel = self.output = None
        self.first_frame = None
        self.handshake = None   # seconds to an authenticated connection (before the session)

    async def open(self, timeout):
        start = time.monotonic()
        self.conn = await asyncio.wait_for(asyncssh.connect(
            "127.0.0.1", self.target.port, local_addr=(self.source, 0), username=self.target.user,
            client_keys=self.keys, known_hosts=None, agent_path=None, preferred_auth="publickey",
            kex_algs=KEX, encryption_algs=CIPHERS), timeout)
        self.handshake = time.monotonic() - start
        self.channel, self.output = await asyncio.wait_for(self.conn.create_session(
            GameOutput, GAME_ARGS, term_type=TERM, term_size=(COLUMNS, ROWS), encoding=None), timeout)
        await asyncio.wait_for(self.output.marker_seen.wait(), timeout - (time.monotonic() - start))
        self.first_frame = await self.quiet() - start
        return self

    async def quiet(self):
        """The time of the last chunk once BURST_GAP has passed with no more output."""
        while True:
            last = self.output.chunks[-1][0]
            wait = last + BURST_GAP - time.monotonic()
            if wait <= 0 and self.output.chunks[-1][0] == last:
                return last
            await asyncio.sleep(max(wait, 0.001))

    def alive(self):
        return self.output is not None and not self.output.ended.is_set()

    def press(self, key):
        self.channel.write(key.encode())

    async def quit(self, timeout=10):
        """Press q and wait for the game's exit status; returns it (None when none came)."""
        if self.conn is None:
            return None
        try:
            if self.alive():
                self.press("q")
                await asyncio.wait_for(self.output.ended.wait(), timeout)
        except (asyncio.TimeoutError, OSError, asyncssh.Error):
            pass
        self.conn.close()
        try:
            await asyncio.wait_for(self.conn.wait_closed(), timeout)
        except asyncio.TimeoutError:
            pass
        return self.output.exit_status if self.output else None


def make_player(target, keys, index):
    """An SSH player, or a local-pty one for the no-server yardstick (local.LocalTarget)."""
    if getattr(target, "local", False):
        from local import LocalPlayer
        return LocalPlayer(target)
    return Player(target, keys, source_address(index))


def source_address(i):
    """Sessions come from 127.0.0.10-209 in turn (all loopback), as players come from many
    addresses: per-address limits see a few sessions each, not one address with hundreds."""
    return f"127.0.0.{10 + i % 200}"


async def open_many(target, keys, count, concurrency, timeout, first_index=0):
    """Opens `count` players, at most `concurrency` handshakes at a time. Returns (players that
    got their first frame, error texts of those that did not)."""
    gate = asyncio.Semaphore(concurrency)
    players = [make_player(target, keys, first_index + i) for i in range(count)]

    async def one(player):
        async with gate:
            return await player.open(timeout)

    results = await asyncio.gather(*(one(p) for p in players), return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    errors = [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    for p, r in zip(players, results):
        if isinstance(r, BaseException):
            await p.quit(timeout=2)
    return ok, errors


async def quit_all(players):
    statuses = await asyncio.gather(*(p.quit() for p in players))
    return sum(1 for s in statuses if s == 0), len(statuses)
