import Glibc

/// Moves a bad file out of the way as `NAME.corrupt-<UTC timestamp>[-N]`, so the player keeps the
/// exact bytes (or link, or directory) and can look at them; an earlier aside file is never replaced.
enum AsideFile {
    struct Failure: Error {
        let operation: String
        let code: Int32
        var description: String { "\(operation): \(errnoDescription(code))" }
    }

    /// Returns the new path. `now`: seconds since the Unix epoch.
    static func moveAside(_ path: String, now: Double) throws -> String {
        let base = "\(path).corrupt-\(timestamp(now))"
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            // link(2) fails with EEXIST instead of replacing: a rename that cannot overwrite.
            // Flag 0: a symlink is linked itself, not what it points to.
            if linkat(AT_FDCWD, path, AT_FDCWD, candidate, 0) == 0 {
                removeOriginal(path, ifSameAs: candidate)
                return candidate
            }
            switch errno {
            case EEXIST:
                continue
            case EPERM, EXDEV, EMLINK, EOPNOTSUPP:
                // Directories cannot be hard-linked (and some file systems have no links): rename,
                // after checking the name is free. rename(2) of a directory can only replace an
                // empty directory, and of a file onto a file only in a race we accept here.
                var info = stat()
                if lstat(candidate, &info) == 0 { continue }
                if errno != ENOENT { throw Failure(operation: "stat \(candidate)", code: errno) }
                if rename(path, candidate) == 0 { return candidate }
                if errno == EEXIST || errno == ENOTEMPTY { continue }
                throw Failure(operation: "rename", code: errno)
            default:
                throw Failure(operation: "link", code: errno)
            }
        }
        throw Failure(operation: "link", code: EEXIST)
    }

    /// Unlinks `path` only if it is still the file now also at `aside`: another process may have
    /// saved a good file there in between.
    private static func removeOriginal(_ path: String, ifSameAs aside: String) {
        var original = stat()
        var copy = stat()
        guard lstat(path, &original) == 0, lstat(aside, &copy) == 0,
              original.st_dev == copy.st_dev, original.st_ino == copy.st_ino else { return }
        unlink(path)
    }

    /// 20250131T235959Z: sortable, no characters a shell or file system minds.
    static func timestamp(_ secondsSince1970: Double) -> String {
        var seconds = time_t(secondsSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
