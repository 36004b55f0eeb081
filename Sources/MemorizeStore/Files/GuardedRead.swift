import Glibc

/// Reads a small file that anyone could have put in place, without ever blocking or crashing:
/// FIFOs and devices are refused (opened non-blocking, then checked), size is capped.
enum GuardedRead {
    /// Save files are a few kilobytes; anything bigger than this is not ours.
    static let sizeLimit = 1 << 20

    enum Refusal: Equatable {
        case symbolicLink
        case notARegularFile(String)
        case tooLarge(Int)
        /// EACCES/EPERM: the file is there but not ours to read; leave it alone.
        case permissionDenied
        case failed(operation: String, code: Int32)

        /// Whether the thing at the path is garbage we may move aside, as opposed to a file we
        /// merely cannot read (which might be fine and must stay where it is).
        var isMovableAside: Bool {
            switch self {
            case .symbolicLink, .notARegularFile, .tooLarge: return true
            case .permissionDenied, .failed: return false
            }
        }

        var description: String {
            switch self {
            case .symbolicLink: return "is a symbolic link"
            case .notARegularFile(let kind): return "is \(kind), not a regular file"
            case .tooLarge(let size): return "is \(size) bytes, larger than the \(GuardedRead.sizeLimit / 1024) KiB limit"
            case .permissionDenied: return "cannot be read (\(errnoDescription(EACCES)))"
            case .failed(let operation, let code): return "cannot be read (\(operation): \(errnoDescription(code)))"
            }
        }
    }

    enum Outcome: Equatable {
        case missing
        case contents([UInt8])
        case refused(Refusal)
    }

    /// `followSymlinks: false` refuses a symlink at the path itself (scores are our state, never
    /// a link); config files may legitimately be links into a dotfiles repository.
    static func read(_ path: String, followSymlinks: Bool) -> Outcome {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followSymlinks ? 0 : O_NOFOLLOW)
        let fd = retryingOnInterrupt { open(path, flags) }
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .missing  // ENOTDIR: a parent is a file, so no file here either
            case EACCES, EPERM: return .refused(.permissionDenied)
            case ELOOP where !followSymlinks: return .refused(.symbolicLink)
            case let code: return .refused(.failed(operation: "open", code: code))
            }
        }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { return .refused(.failed(operation: "stat", code: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused(.notARegularFile(fileKindDescription(info.st_mode))) }
        guard info.st_size <= sizeLimit else { return .refused(.tooLarge(Int(info.st_size))) }

        // Read to end of file rather than trusting st_size: the file may be growing.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { posixRead(fd, buffer.baseAddress!, buffer.count) }
            }
            if count < 0 {
                return .refused(errno == EACCES ? .permissionDenied : .failed(operation: "read", code: errno))
            }
            if count == 0 { return .contents(bytes) }
            bytes += chunk[..<count]
            if bytes.count > sizeLimit { return .refused(.tooLarge(bytes.count)) }
        }
    }
}
