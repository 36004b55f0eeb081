"""The fleet benchmark (run.sh --only fleet; docs/hosting.md, "A fleet"): three memorize-tui-server
hosts on one PostgreSQL behind HAProxy (scripts/fleet.sh), driven by real OpenSSH clients in ptys
(sshpty.py), each from its own loopback address. Prints figures, asserts nothing:

- connect -> first full frame through HAProxy vs straight to a host, p50/p95 (sessions one at a
  time, alternating, so both see the same machine);
- N sessions dealing at once (the 30 fps deal animation) all on one host vs spread over the three
  by HAProxy: sessions held and the gap between frames at the client, p50/p95.

All three hosts share this machine's cores, so "three hosts" here measures the fleet's overhead
(HAProxy, the PROXY header, the key's files in PostgreSQL), not more capacity."""
import argparse
import asyncio
import itertools
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from frames import BURST_GAP, bursts, percentile  # noqa: E402
from players import GAME_ARGS, MARKER  # noqa: E402
from sshpty import Client, wait_quiet, wait_until  # noqa: E402

# Deal animation: pacing read 0.2-2.2 s into it, as measure.py does.
PACED_FROM, PACED_TO, DEAL_SECONDS = 0.2, 2.2, 2.5
# A fresh source address per client (127.0.8.1 ...): per-address limits count real clients.
_sources = (f"127.0.{8 + i // 250}.{1 + i % 250}" for i in itertools.count())


def ms(values, p):
    value = percentile(values, p)
    return None if value is None else value * 1000


def line(name, value, unit="ms", note=""):
    shown = "n/a" if value is None else (f"{value:.1f}" if isinstance(value, float) else str(value))
    print(f"{name}: {shown}{' ' + unit if unit else ''}{'  ' + note if note else ''}")


def first_frame(client, started):
    """Seconds from `started` to the end of the burst that carries the title line, or None."""
    seen, offset, end = False, 0, None
    text = bytes(client.text)
    for when, size in client.chunks:
        offset += size
        if not seen and MARKER in text[:offset]:
            seen, end = True, when
        elif seen:
            if when - end > BURST_GAP:
                break
            end = when
    return None if end is None else end - started


async def open_session(port, key, timeout=30):
    started = time.monotonic()
    c = Client(port, key, "bench", ["--"] + GAME_ARGS.split(), next(_sources))
    if not await wait_until(lambda: MARKER in c.text, timeout):
        return c, None
    await wait_until(lambda: c.quiet_for() >= 0.05, 5)
    return c, first_frame(c, started)


async def first_frames(args):
    """Sessions one at a time, alternating HAProxy and a host (hosts in turn)."""
    through, direct, failed = [], [], 0
    for i in range(args.firsts * 2):
        via_balancer = i % 2 == 0
        port = args.balancer if via_balancer else args.host[(i // 2) % len(args.host)]
        c, seconds = await open_session(port, args.key)
        c.close()
        if seconds is None:
            failed += 1
        else:
            (through if via_balancer else direct).append(seconds)
        await asyncio.sleep(0.2)   # the session's end (its files back to PostgreSQL) is not measured
    return through, direct, failed


async def dealing(args, ports, count):
    """`count` sessions (ports taken in turn), then every one presses d at once."""
    opened = await asyncio.gather(*(open_session(ports[i % len(ports)], args.key, timeout=90) for i in range(count)))
    clients = [c for c, _ in opened]
    await wait_quiet(clients, 0.5, 30)
    up = [c for c, seconds in opened if seconds is not None]
    pressed = time.monotonic()
    for c in up:
        c.press(b"d")
    await asyncio.sleep(DEAL_SECONDS + 0.5)
    gaps, rates = [], []
    for c in up:
        starts = bursts(c.chunks, pressed)
        if not starts:
            continue
        paced = [t for t in starts if starts[0] + PACED_FROM <= t < starts[0] + PACED_TO]
        gaps += [b - a for a, b in zip(paced, paced[1:])]
        if len(paced) > 1:
            rates.append((len(paced) - 1) / (paced[-1] - paced[0]))
    held = sum(1 for c in up if c.alive())
    for c in clients:
        c.close()
    return {"held": held, "wanted": count, "gaps": gaps, "fps": sum(rates) / len(rates) if rates else None}


async def main(args):
    for port in [args.balancer] + args.host:
        c, seconds = await open_session(port, args.key, timeout=60)
        c.close()
        if seconds is None:
            sys.exit(f"fleet: no first frame from port {port} within 60 s")
    through, direct, failed = await first_frames(args)
    print(f"\n## connect -> first full frame, {args.firsts} sessions each way, one at a time ({failed} failed)")
    line("through HAProxy, p50", ms(through, 50))
    line("through HAProxy, p95", ms(through, 95))
    line("straight to a host, p50", ms(direct, 50))
    line("straight to a host, p95", ms(direct, 95))
    print(f"\n## sessions dealing at once (30 fps animation): one host vs three behind HAProxy")
    for count in args.sessions:
        for label, ports in (("one host", [args.host[0]]), ("three hosts", [args.balancer])):
            result = await dealing(args, ports, count)
            line(f"{count} sessions, {label}: held", f"{result['held']}/{result['wanted']}", "")
            line(f"{count} sessions, {label}: gap p50", ms(result["gaps"], 50))
            fps = "n/a" if result["fps"] is None else f"{result['fps']:.1f}"
            line(f"{count} sessions, {label}: gap p95", ms(result["gaps"], 95), note=f"({fps} fps)")
            await asyncio.sleep(2)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--balancer", type=int, required=True, help="HAProxy's port on 127.0.0.1")
    parser.add_argument("--host", type=int, action="append", required=True, help="a host's port (repeat)")
    parser.add_argument("--key", required=True, help="the players' private key")
    parser.add_argument("--firsts", type=int, default=20)
    parser.add_argument("--sessions", type=int, action="append", help="sessions dealing at once (repeat; default 15 and 30)")
    a = parser.parse_args()
    a.sessions = a.sessions or [15, 30]
    asyncio.run(main(a))
