#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// `--snapshot-dir DIR`: every headless `snapshot NAME` also becomes the picture DIR/NAME.svg
/// (CanvasSVG), which is how the README's screenshot is made. The directory is created if need be
/// and checked before the game starts, so a bad one is one clear line and exit 2.
final class SnapshotPictures {
    let directory: String
    /// The first write that failed, as the line to print; later snapshots are not attempted.
    private(set) var firstError: String?

    init(directory: String) throws {
        self.directory = directory
        if let reason = Self.prepare(directory) {
            throw Launcher.Failure(description: "memorize-tui: cannot use --snapshot-dir \(directory): \(reason)", exitCode: 2)
        }
    }

    func path(for name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name + ".svg"
    }

    /// Writes the picture through a temporary file and a rename, so a reader never sees half of one.
    func write(name: String, canvas: Canvas) {
        guard firstError == nil else { return }
        let target = path(for: name)
        let temporary = target + ".tmp"
        if let reason = Self.writeFile(temporary, Array(CanvasSVG.render(canvas).utf8)) {
            _ = unlink(temporary)
            firstError = "memorize-tui: cannot write the snapshot \(target): \(reason)"
        } else if rename(temporary, target) != 0 {
            let reason = Self.lastError()
            _ = unlink(temporary)
            firstError = "memorize-tui: cannot write the snapshot \(target): \(reason)"
        }
    }

    /// Nil when `path` is (now) a writable directory; otherwise why not.
    static func prepare(_ path: String) -> String? {
        guard !path.isEmpty else { return "no directory named" }
        // Create each missing component, as `mkdir -p` does.
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return lastError() }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return lastError() }
        guard info.st_mode & S_IFMT == S_IFDIR else { return String(cString: strerror(ENOTDIR)) }
        guard access(path, W_OK | X_OK) == 0 else { return "not writable (\(lastError()))" }
        return nil
    }

    private static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return lastError() }
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = lastError()
                _ = close(fd)
                return reason
            }
            done += n
        }
        guard close(fd) == 0 else { return lastError() }
        return nil
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
