"""What a server's process tree costs, read from /proc: private dirty memory (smaps_rollup) and
CPU time (schedstat, nanoseconds). A session's game is the process named memorize-tui; every
other process under the listener (sshd's per-connection processes, a shell) is the server's."""
import os

GAME_COMM = "memorize-tui"


def _parent_of(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: the fields follow the last ')'.
    return int(stat[stat.rindex(")") + 2:].split()[1])


def descendants(root):
    """root and every process below it, parents first."""
    children = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            parent = _parent_of(int(name))
            if parent is not None:
                children.setdefault(parent, []).append(int(name))
    tree, i = [root], 0
    while i < len(tree):
        tree += children.get(tree[i], [])
        i += 1
    return tree


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def _cpu_ns(pid):
    """CPU time of every thread of the process (/proc/PID/schedstat alone is its main thread's,
    and the server's work runs on its event-loop threads)."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    total = 0
    for tid in tasks:
        sched = _read(f"/proc/{pid}/task/{tid}/schedstat")
        if sched:
            total += int(sched.split()[0])
    return total


def sample(root):
    """{pid: (comm, private dirty KiB, CPU ns)} for the tree under root, as it is now."""
    out = {}
    for pid in descendants(root):
        comm, rollup = _read(f"/proc/{pid}/comm"), _read(f"/proc/{pid}/smaps_rollup")
        cpu = _cpu_ns(pid)
        if comm is None or rollup is None or cpu is None:
            continue  # exited while we looked
        dirty = sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Private_Dirty:"))
        out[pid] = (comm.strip(), dirty, cpu)
    return out


def split(snapshot):
    """(server processes, game processes) of a sample."""
    server = {p: v for p, v in snapshot.items() if v[0] != GAME_COMM}
    games = {p: v for p, v in snapshot.items() if v[0] == GAME_COMM}
    return server, games


def dirty_kib(part):
    return sum(v[1] for v in part.values())


def cpu_ns_between(before, after, pids):
    """CPU the given processes spent between two samples (processes present in both)."""
    return sum(after[p][2] - before[p][2] for p in pids if p in before and p in after)


def listening(port):
    """Whether something listens on 127.0.0.1:port (TCP), without connecting to it."""
    text = _read("/proc/net/tcp") or ""
    want = f"0100007F:{port:04X}"
    return any(fields[1] == want and fields[3] == "0A"
               for fields in (line.split() for line in text.splitlines()[1:]) if len(fields) > 3)
