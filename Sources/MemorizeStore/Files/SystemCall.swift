import Glibc


public enum WallClock {
    /// The time of day, in seconds since the Unix epoch (what `Date().timeIntervalSince1970` gave).
    public static func secondsSince1970() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }
}

/// The text of an errno value, e.g. "Permission denied", for messages a player reads.
func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// Runs a system call again while it is interrupted by a signal (EINTR), as POSIX asks callers to.
@discardableResult
func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}

/// What a non-regular file is, in words, for "… is a directory"-style messages.
func fileKindDescription(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFLNK: return "a symbolic link"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "not a regular file"
    }
}

/// write(2), under a name that does not clash with the `write` methods of the types here.
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// read(2), likewise.
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
