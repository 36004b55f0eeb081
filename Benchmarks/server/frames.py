"""Frames as a client reads them from its pty or channel: bursts of output and percentiles. Shared
by the server benchmark (measure.py) and the tables benchmark (tables.py); no SSH library needed."""

# A burst is output with no pause longer than this (memorize-bench's Bursts.gap): one frame.
BURST_GAP = 0.008


def percentile(values, p):
    """Nearest rank, as memorize-bench's Stats.percentile."""
    if not values:
        return None
    ordered = sorted(values)
    rank = -(-p * len(ordered) // 100)
    return ordered[min(len(ordered) - 1, max(0, int(rank) - 1))]


def bursts(chunks, start):
    """Start times of the bursts of output (frames) that begin at or after `start`."""
    starts, last = [], None
    for t, _ in chunks:
        if t < start:
            continue
        if last is None or t - last > BURST_GAP:
            starts.append(t)
        last = t
    return starts
