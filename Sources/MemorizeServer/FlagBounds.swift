import TableProtocol

/// The ranges the server can honour for its duration and count flags: a value outside is refused
/// at start (exit 2, one line naming the flag and its range), so no arithmetic on a flag (a
/// duration in nanoseconds, MiB in bytes, a deadline from now) can overflow and trap later.
public enum FlagBounds {
    /// Every duration flag with its largest value; the smallest is 1ms for all.
    public static let durations: [(flag: String, maximum: Duration)] = [
        ("--handshake-timeout", .seconds(10 * 60)),
        ("--idle-timeout", .seconds(24 * 3600)),
        ("--max-session-length", .seconds(7 * 24 * 3600)),
        ("--shutdown-grace", .seconds(10 * 60)),
        ("--table-idle-timeout", .seconds(24 * 3600)),
        ("--seat-hold", .seconds(24 * 3600)),
        ("--host-lease", .seconds(10 * 60)),
    ]
    /// A lease is renewed every quarter of it, over the network: less than a second would
    /// declare live hosts gone.
    public static let minimumHostLease: Duration = .seconds(1)
    public static let minimumDuration: Duration = .milliseconds(1)

    public static let sessions: ClosedRange<Int> = 1...100_000
    public static let watchersPerTable: ClosedRange<Int> = 0...1000
    public static let tableLog: ClosedRange<Int> = 10...99_999
    /// MiB of address space: up to 1 TiB (the bytes fit a UInt64 with room to spare).
    public static let gameMemoryMiB: ClosedRange<UInt64> = 64...1_048_576
    public static let gameCPUSeconds: ClosedRange<UInt64> = 1...604_800
    /// Linux's default ceiling for RLIMIT_NOFILE (fs.nr_open) is 1048576; a game needs few.
    public static let gameOpenFiles: ClosedRange<UInt64> = 16...65_536
    /// A key's files kept in the database (--max-player-files) and the KiB of each (--max-player-file-size).
    public static let playerFiles: ClosedRange<Int> = 1...1000
    public static let playerFileKiB: ClosedRange<Int> = 1...16_384

    /// The longest --public-name an invitation can carry: the hello's invite line holds at most
    /// TableMessage.maximumReasonLength characters, "ssh -t -p 65535 NAME join ABCD234".
    public static let publicNameLength = TableMessage.maximumReasonLength - "ssh -t -p 65535  join ABCD234".count

    /// nil when `name` is a host name or address --public-name can take; otherwise why not.
    public static func publicNameProblem(_ name: String) -> String? {
        guard !name.isEmpty, name.count <= publicNameLength,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:[]".contains($0)) }) else {
            return "--public-name must be a host name or address of 1 to \(publicNameLength) characters (letters, digits, - . _ : [ ]), not \"\(name)\""
        }
        return nil
    }

    /// nil when `text` is a duration `flag` can take; otherwise the one line that says why not.
    public static func durationProblem(_ flag: String, _ text: String) -> String? {
        let maximum = durations.first { $0.flag == flag }?.maximum ?? .seconds(24 * 3600)
        let minimum = flag == "--host-lease" ? minimumHostLease : minimumDuration
        let range = "between \(DurationText.describe(minimum)) and \(DurationText.describe(maximum))"
        guard let duration = DurationText.parse(text) else {
            return "\(flag) must be a duration such as 90s, 10m or 2h, \(range), not \"\(text)\""
        }
        guard duration >= minimum, duration <= maximum else {
            return "\(flag) must be \(range), not \"\(text)\""
        }
        return nil
    }

    /// nil when `value` lies in `range`; otherwise the one line that says why not.
    public static func countProblem<Value: BinaryInteger>(_ flag: String, _ value: Value, _ range: ClosedRange<Value>) -> String? {
        range.contains(value) ? nil : "\(flag) must be between \(range.lowerBound) and \(range.upperBound), not \(value)"
    }
}
