import Primitives
import Glibc

/// Why a recording file cannot be written; `description` is the one line the app prints.
public struct AsciicastError: ProgramError, Equatable {
    public var path: String
    public var reason: String
    public func message(program: String) -> String { "\(program): cannot write the recording to \(path): \(reason)" }
}

/// Writes an asciicast v2 file (asciinema's format), one JSON value a line:
///
///     {"version":2,"width":80,"height":24,"timestamp":1700000000,"env":{"TERM":"xterm-256color"}}
///     [0.000000, "o", "\u001b[?1049h…"]
///     [1.250000, "r", "100x30"]
///
/// Times are seconds since the start, six decimals, never decreasing. Each line is written whole
/// as soon as it is known, so a session that dies still leaves a file that plays up to there.
public final class AsciicastWriter {
    public let path: String
    private var fd: Int32
    private var lastTime = 0.0
    /// Bytes written in whole lines: a write that fails mid-line is cut back to here, so the file
    /// keeps every event before the failure and still plays.
    private var wholeLinesLength = 0
    /// The first write error, if any (the file is then incomplete).
    public private(set) var writeError: String?

    /// Creates (or truncates) `path`; fails with a clear reason (no such directory, permission
    /// denied, is a directory) before anything else starts.
    public init(path: String) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AsciicastError(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { close() }

    /// Whether `path` could be recorded to, without touching what is there (nothing truncated; a
    /// file created to find out is removed again): a bad path is reported before a screen starts.
    public static func check(path: String) throws {
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AsciicastError(path: path, reason: String(cString: strerror(errno))) }
        _ = closeDescriptor(fd)
        if !existed { unlink(path) }
    }

    private static func closeDescriptor(_ fd: Int32) -> Int32 {
        Glibc.close(fd)
    }

    /// The header line. `timestamp` (Unix seconds) is optional in asciicast v2: a headless
    /// recording leaves it out unless SOURCE_DATE_EPOCH gives one, so it stays reproducible.
    public func writeHeader(size: Size, timestamp: Int?, term: String) {
        var line = "{\"version\":2,\"width\":\(size.width),\"height\":\(size.height)"
        if let timestamp { line += ",\"timestamp\":\(timestamp)" }
        line += ",\"env\":{\"TERM\":\(Self.jsonString(term))}}"
        write(line)
    }

    /// Terminal output at `time` seconds.
    public func output(_ bytes: [UInt8], at time: Double) {
        guard !bytes.isEmpty else { return }
        event(at: time, code: "o", data: String(decoding: bytes, as: UTF8.self))
    }

    /// The terminal became `size` at `time` seconds.
    public func resize(_ size: Size, at time: Double) {
        event(at: time, code: "r", data: "\(size.width)x\(size.height)")
    }

    public func close() {
        if fd >= 0 {
            _ = Glibc.close(fd)
        }
        fd = -1
    }

    private func event(at time: Double, code: String, data: String) {
        lastTime = max(lastTime, time.isFinite ? time : lastTime)
        write("[\(Self.seconds(lastTime)), \"\(code)\", \(Self.jsonString(data))]")
    }

    private func write(_ line: String) {
        guard fd >= 0, writeError == nil else { return }
        let bytes = Array((line + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Self.systemWrite(fd, $0.baseAddress, $0.count) }
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR { continue }
            writeError = n < 0 ? String(cString: strerror(errno)) : "short write"
            if done > 0 { _ = ftruncate(fd, off_t(wholeLinesLength)) }
            return
        }
        wholeLinesLength += bytes.count
    }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.write(fd, buffer, count)
    }

    /// Six decimals without Foundation, identical on every run for the same Double.
    static func seconds(_ time: Double) -> String {
        let micros = Int((max(0, time) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; everything
    /// else (UTF-8 emoji, box drawing) as is.
    static func jsonString(_ text: String) -> String { JSONText.quoted(text) }
}
