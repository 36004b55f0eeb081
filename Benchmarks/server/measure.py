"""The benchmark's measurements, one function each; drive.py runs them and prints the figures."""
import asyncio
import time

import procfs
from frames import bursts, percentile  # noqa: F401 (drive.py reads them from here)
from players import make_player, open_many, quit_all

# Deal animation: a 2.0 s stagger plus a 0.5 s flight (memorize-bench's LiveGame.dealSeconds).
DEAL_SECONDS = 2.5
# Frames are due every 1/fps while several cards fly: pacing is read 0.2-2.2 s into the deal,
# the window memorize-bench reads from its pty.
PACED_FROM, PACED_TO = 0.2, 2.2


async def first_frame_alone(target, keys, index):
    """One session on an otherwise idle server: seconds to its first frame and to an
    authenticated connection, its exit status."""
    player = await make_player(target, keys, index).open(timeout=30)
    status = await player.quit()
    return player.first_frame, player.handshake, status


async def concurrent(target, keys, count, settle=1.0):
    """`count` sessions opened at once. Returns first frames, errors, the exits that were 0,
    and memory: the tree before and with all sessions up."""
    before = procfs.sample(target.pid)
    players, errors = await open_many(target, keys, count, concurrency=count, timeout=60)
    await asyncio.sleep(settle)
    during = procfs.sample(target.pid)
    clean, total = await quit_all(players)
    return {"first_frames": [p.first_frame for p in players], "errors": errors, "clean_exits": clean,
            "quits": total, "before": before, "during": during, "sessions": len(players)}


def memory_per_session(result):
    """KiB of private dirty memory per session: the whole tree with N sessions divided by N
    (the listener's share included), split into server and game, and the marginal cost."""
    n = result["sessions"]
    if n == 0:
        return None
    server, games = procfs.split(result["during"])
    idle_server, _ = procfs.split(result["before"])
    return {"server": procfs.dirty_kib(server) / n, "game": procfs.dirty_kib(games) / n,
            "total": (procfs.dirty_kib(server) + procfs.dirty_kib(games)) / n,
            "marginal": (procfs.dirty_kib(result["during"]) - procfs.dirty_kib(result["before"])) / n,
            "listener_idle": procfs.dirty_kib(idle_server),
            "processes_per_session": (len(result["during"]) - len(result["before"])) / n}


async def deal_at_once(target, keys, animating, idle, first_index=0):
    """`idle` sessions that sit on their first frame, then `animating` more that all press d at
    once. Returns the pacing gaps (ms) of the animating sessions, frames per second, server and
    game CPU over the deal, and how many of all the sessions were still up at the end."""
    idlers, idle_errors = await open_many(target, keys, idle, concurrency=10, timeout=60,
                                          first_index=first_index)
    dealers, deal_errors = await open_many(target, keys, animating, concurrency=10, timeout=60,
                                           first_index=first_index + idle)
    await asyncio.sleep(1.0)
    before = procfs.sample(target.pid)
    pressed = time.monotonic()
    for p in dealers:
        p.press("d")
    await asyncio.sleep(DEAL_SECONDS + 0.5)
    after = procfs.sample(target.pid)
    window = time.monotonic() - pressed

    gaps, rates = [], []
    for p in dealers:
        starts = bursts(p.output.chunks, pressed)
        if not starts:
            continue
        paced = [t for t in starts if starts[0] + PACED_FROM <= t < starts[0] + PACED_TO]
        gaps += [(b - a) * 1000 for a, b in zip(paced, paced[1:])]
        if len(paced) > 1:
            rates.append((len(paced) - 1) / (paced[-1] - paced[0]))
    server, games = procfs.split(before)
    held = sum(1 for p in idlers + dealers if p.alive())
    clean, total = await quit_all(idlers + dealers)
    return {"gaps": gaps, "fps": sum(rates) / len(rates) if rates else None,
            "server_cpu_ns": procfs.cpu_ns_between(before, after, server),
            "game_cpu_ns": procfs.cpu_ns_between(before, after, games),
            "window": window, "dealers": len(dealers), "idlers": len(idlers),
            "errors": idle_errors + deal_errors, "held": held, "clean_exits": clean, "quits": total}
