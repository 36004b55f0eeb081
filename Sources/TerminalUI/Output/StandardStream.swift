#if canImport(Glibc)
import Glibc
#endif

/// stdout and stderr for what a program prints outside the screen (tables, snapshots, messages).
///
/// Two promises: text is neutralised on the way out (SafeText, newlines kept), so nothing read
/// from a file or the environment can drive the terminal; and a write that fails is an error the
/// caller must handle, never output silently lost (a full disk, a closed descriptor). Writes go
/// straight to the descriptor with write(2): no buffer can hide a failure until exit.
public enum StandardStream: Sendable {
    case output
    case error

    public struct WriteFailure: Error, CustomStringConvertible {
        public var stream: StandardStream
        public var code: Int32
        /// The reader went away (`| head`): like `cat`, end quietly rather than complain.
        public var isBrokenPipe: Bool { code == EPIPE }
        public var description: String {
            "cannot write to \(stream == .output ? "standard output" : "standard error"): \(String(cString: strerror(code)))"
        }
    }

    var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    /// Writes `message` as one line (SafeText.line: a newline from outside cannot start a second
    /// one), then `detail`, text the program laid out itself (a screen dump), newlines kept.
    public func writeLine(_ message: String, detail: String? = nil, asciiOnly: Bool = false) throws {
        try write(SafeText.line(message) + (detail.map { SafeText.neutralised($0, keepingNewlines: true) + "\n" } ?? ""),
                  asciiOnly: asciiOnly)
    }

    /// Writes all of `text` (neutralised; ASCII only when `asciiOnly`) or throws.
    public func write(_ text: String, asciiOnly: Bool = false) throws {
        let safe = SafeText.neutralised(text, keepingNewlines: true, asciiOnly: asciiOnly)
        var bytes = Array(safe.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteFailure(stream: self, code: errno)
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
