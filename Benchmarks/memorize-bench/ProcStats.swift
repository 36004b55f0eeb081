import Glibc

/// Reads a small /proc file whole (they report size 0, so read until EOF).
enum ProcFile {
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One look at a running process, summed over all its threads: what the kernel says it cost.
/// CPU from schedstat (ns, exact), wakeups from voluntary context switches (a thread that
/// blocks in input and is woken counts one), output from /proc/PID/io (bytes and write calls).
struct ProcSample {
    var time: Double
    var cpuNanoseconds: Double = 0
    var voluntarySwitches: Double = 0
    var involuntarySwitches: Double = 0
    var bytesWritten: Double = 0
    var writeCalls: Double = 0
    var peakRSSKiB: Double = 0
    var rssKiB: Double = 0

    init?(pid: pid_t) {
        time = Monotonic.now
        let base = "/proc/\(pid)"
        guard let io = ProcFile.read("\(base)/io"), let status = ProcFile.read("\(base)/status") else { return nil }
        bytesWritten = Self.field(io, "wchar")
        writeCalls = Self.field(io, "syscw")
        peakRSSKiB = Self.field(status, "VmHWM")
        rssKiB = Self.field(status, "VmRSS")
        // Per-thread figures: the Swift runtime or ncurses could start a thread; count them all.
        for task in Self.tasks(pid) {
            if let schedstat = ProcFile.read("\(base)/task/\(task)/schedstat"),
               let ns = schedstat.split(separator: " ").first.flatMap({ Double($0) }) {
                cpuNanoseconds += ns
            }
            if let taskStatus = ProcFile.read("\(base)/task/\(task)/status") {
                voluntarySwitches += Self.field(taskStatus, "voluntary_ctxt_switches")
                involuntarySwitches += Self.field(taskStatus, "nonvoluntary_ctxt_switches")
            }
        }
    }

    private static func tasks(_ pid: pid_t) -> [String] {
        guard let dir = opendir("/proc/\(pid)/task") else { return ["\(pid)"] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.first?.isNumber == true { names.append(name) }
        }
        return names
    }

    /// The number after `name:` in a "key: value [unit]" /proc file.
    private static func field(_ text: String, _ name: String) -> Double {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let rest = line.dropFirst(name.count + 1).split { $0 == " " || $0 == "\t" }
            return rest.first.flatMap { Double($0) } ?? 0
        }
        return 0
    }

    /// What happened between two samples.
    static func - (later: ProcSample, earlier: ProcSample) -> ProcDelta {
        ProcDelta(seconds: later.time - earlier.time,
                  cpuNanoseconds: later.cpuNanoseconds - earlier.cpuNanoseconds,
                  voluntarySwitches: later.voluntarySwitches - earlier.voluntarySwitches,
                  bytesWritten: later.bytesWritten - earlier.bytesWritten,
                  writeCalls: later.writeCalls - earlier.writeCalls)
    }
}

struct ProcDelta {
    var seconds: Double
    var cpuNanoseconds: Double
    var voluntarySwitches: Double
    var bytesWritten: Double
    var writeCalls: Double
}
