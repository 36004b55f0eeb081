import Glibc

/// Replaces a file so that, whatever happens (crash, SIGKILL, power cut), the path holds either
/// the old content or the new, never a mix: temp file in the same directory, fsync, rename over
/// the target, fsync the directory (so the rename itself is durable).
public enum AtomicFile {
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        public enum Reason: Equatable, Sendable {
            /// The target is a symbolic link: writing through it could clobber any file it points at.
            case symbolicLink
            /// The target is a directory, FIFO, device… (its kind in words).
            case notARegularFile(String)
            /// A system call failed with this errno.
            case system(operation: String, code: Int32)
        }

        public let path: String
        public let reason: Reason

        public var description: String {
            switch reason {
            case .symbolicLink:
                return "\(path) is a symbolic link; refusing to write through it (replace it with a regular file)"
            case .notARegularFile(let kind):
                return "\(path) is \(kind), not a regular file; refusing to replace it"
            case .system(let operation, let code):
                return "cannot save \(path): \(operation) failed: \(errnoDescription(code))"
            }
        }
    }

    /// Writes `bytes` to `path` atomically. A missing parent directory is created with mode 0700
    /// (as XDG asks for). A new file gets `mode` (less the umask); an existing one keeps its mode.
    /// On failure the old file is untouched; a temp file may remain only if the process dies.
    public static func write<Bytes: Collection<UInt8>>(_ bytes: Bytes, to path: String, mode: mode_t = 0o644) throws {
        let (directory, name) = split(path)
        try createDirectories(directory, for: path)

        let directoryFD = retryingOnInterrupt { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard directoryFD >= 0 else { throw Error(path: path, reason: .system(operation: "open directory \(directory)", code: errno)) }
        defer { close(directoryFD) }

        let existingMode = try checkTarget(name, in: directoryFD, path: path)
        let (fd, tempName) = try createTemp(for: name, in: directoryFD, mode: existingMode ?? mode, path: path)
        var renamed = false
        defer {
            // Never leave our own temp file behind when we are alive to clean up.
            if !renamed { unlinkat(directoryFD, tempName, 0) }
        }
        do {
            // fchmod because open's mode is filtered by the umask; an existing file's mode is the player's choice.
            if let existingMode, fchmod(fd, existingMode) != 0 { throw failure("chmod temp file", path) }
            try writeAll(Array(bytes), to: fd, path: path)
            if retryingOnInterrupt({ fsync(fd) }) != 0 { throw failure("fsync", path) }
        } catch {
            close(fd)
            throw error
        }
        // close can report a deferred write error (NFS); the content is not trusted then.
        if close(fd) != 0 { throw failure("close", path) }

        if renameat(directoryFD, tempName, directoryFD, name) != 0 { throw failure("rename", path) }
        renamed = true
        // Makes the rename durable. EINVAL: the file system does not sync directories; nothing to do.
        if retryingOnInterrupt({ fsync(directoryFD) }) != 0 && errno != EINVAL {
            throw failure("fsync directory", path)
        }
        removeStaleTemps(for: name, in: directory, directoryFD: directoryFD)
    }

    /// The name temp files of `name` start with; they are hidden and never match `name` itself,
    /// so a stale one (left by a killed process) is never mistaken for the real file.
    public static func tempPrefix(for name: String) -> String { ".\(name).tmp-" }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// mkdir -p, each missing component with 0700.
    private static func createDirectories(_ directory: String, for path: String) throws {
        var info = stat()
        if stat(directory, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return }
        var current = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw failure("create directory \(current)", path)
            }
        }
    }

    /// Refuses symlinks and non-regular files; returns the existing file's permission bits.
    private static func checkTarget(_ name: String, in directoryFD: Int32, path: String) throws -> mode_t? {
        var info = stat()
        if fstatat(directoryFD, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
            if errno == ENOENT { return nil }
            throw failure("stat", path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return info.st_mode & 0o7777
        case S_IFLNK: throw Error(path: path, reason: .symbolicLink)
        default: throw Error(path: path, reason: .notARegularFile(fileKindDescription(info.st_mode)))
        }
    }

    private static func createTemp(for name: String, in directoryFD: Int32, mode: mode_t, path: String) throws -> (Int32, String) {
        for _ in 0..<100 {
            let tempName = tempPrefix(for: name) + "\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
            // O_EXCL|O_NOFOLLOW: never open something another process (or an attacker) put there.
            let fd = retryingOnInterrupt {
                openat(directoryFD, tempName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            }
            if fd >= 0 { return (fd, tempName) }
            if errno != EEXIST { throw failure("create temp file", path) }
        }
        throw Error(path: path, reason: .system(operation: "create temp file", code: EEXIST))
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = retryingOnInterrupt { posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset) }
                if written < 0 { throw failure("write", path) }
                offset += written
            }
        }
    }

    private static func failure(_ operation: String, _ path: String) -> Error {
        Error(path: path, reason: .system(operation: operation, code: errno))
    }
}
