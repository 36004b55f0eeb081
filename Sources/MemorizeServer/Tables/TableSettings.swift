import TableProtocol

/// The operator's bounds on tables (each a server flag, README/docs/tables.md "Limits").
public struct TableLimits: Sendable {
    public var maxTables = 32
    public var maxWatchersPerTable = 8
    /// `join`/`watch` attempts from one address in any minute: a code is not found by guessing.
    public var joinAttemptsPerMinute = 10
    /// A table where nothing is chosen for this long ends (also a table nobody joins).
    public var idleTimeout: Duration = .seconds(10 * 60)
    /// How long a dropped seat is held for its key.
    public var seatHold: Duration = .seconds(60)
    /// Intents in one table's log.
    public var maxLogLength = 2000
    /// With --database: a host that has not renewed its lease in the database for this long is
    /// gone, and so are its tables (--host-lease).
    public var hostLease: Duration = .seconds(10)
    /// The name the invitation line gives for this host (--public-name), else the host name.
    public var publicName: String?
    public init() {}
}

/// What every process at one table must agree on, fixed when the table opens.
struct TableSettings: Sendable {
    var seed: UInt64
    var theme: String?
    /// Display flags of the table's opener (--ascii, --fps …): their own process only.
    var displayFlags: [String]

    /// A game process's arguments at this table: the shared game, its own display, and the
    /// channel (descriptor 3, which only the server can give: the flag is refused from clients).
    func gameArguments(names: [String?], displayFlags: [String]) -> [String] {
        var arguments = ["--seed", "\(seed)", "--players", "2",
                         "--names", names.enumerated().map { $1 ?? "Player \($0 + 1)" }.joined(separator: ",")]
        if let theme { arguments += ["--theme", theme] }
        return arguments + displayFlags + [GameArguments.tableChannelFlag, "3"]
    }
}
