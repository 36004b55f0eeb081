import Glibc

/// Bytes a frame sends, for the inspector. ncurses writes its frame with write(2) on its own
/// descriptor, past any FILE we could wrap, so the count comes from the kernel: the process's
/// `wchar` in /proc/self/io before and after the frame. Two small reads per frame, and only while
/// an inspector asks (the closed path calls plain `present`). Anything else the process writes
/// during the frame (nothing, unless recording) would be counted too.
extension NcursesScreen {
    public func presentCountingBytes(_ canvas: Canvas) -> Int? {
        let before = Self.bytesWrittenByProcess()
        present(canvas)
        guard let before, let after = Self.bytesWrittenByProcess() else { return nil }
        return after - before
    }

    /// `wchar` from /proc/self/io; nil where there is no such file.
    static func bytesWrittenByProcess() -> Int? {
        let fd = open("/proc/self/io", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst(6).trimmingPrefix(" "))
        }
        return nil
    }
}
