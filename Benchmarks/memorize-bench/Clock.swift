import Glibc

/// Wall time for the benchmark itself: CLOCK_MONOTONIC seconds, the timeline the pty reader
/// stamps its reads with (the app's own SystemClock is the same clock, so windows line up).
enum Monotonic {
    static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func sleep(until deadline: Double) {
        let remaining = deadline - now
        if remaining > 0 { usleep(useconds_t(remaining * 1e6)) }
    }
}

/// CPU time of the calling thread: what a frame costs, without the time other processes on a
/// busy machine take the core away (wall-clock samples there grow 4 ms scheduler-tick spikes).
enum ThreadCPU {
    static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
