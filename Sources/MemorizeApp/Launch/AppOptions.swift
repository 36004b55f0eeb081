import Memorize
import Primitives
import TerminalUI

/// What the command line decided, handed to the app by the executable.
public struct AppOptions: Sendable {
    public var themeName: String?
    public var seed: UInt64?
    public var fps: Double = 30
    public var ascii = false
    public var monochrome = false
    /// The terminal cannot draw the eighth blocks card edges move by (the linux console's font):
    /// set by the launcher from TERM, live runs only.
    public var blockGlyphsMissing = false
    /// Card edges move in eighths of a cell (EighthSpan), not whole cells: not under --ascii (or a
    /// non-UTF-8 locale, which sets it), nor on a console without the glyphs, nor in monochrome,
    /// where a card's face is the terminal's own background and an edge of it cannot be seen.
    public var subCellEdges: Bool { !ascii && !monochrome && !blockGlyphsMissing }
    public var reducedMotion = false
    /// `--inspect`: start with the inspector open (`i` toggles it).
    public var inspect = false
    public var scriptPath: String?
    public var headless = false
    /// `--size`, when given: a key script's own `size` must agree with it.
    public var requestedSize: Size?
    /// The virtual terminal of a headless run when the key script does not set one.
    public var headlessSize: Size { requestedSize ?? Size(width: 80, height: 24) }
    /// `--record FILE`: write the session (live or headless) as an asciicast v2 file.
    public var recordPath: String?
    /// `--snapshot-dir DIR` (headless only): each `snapshot NAME` is also written to DIR/NAME.svg.
    public var snapshotDirectory: String?
    /// `--players 2` (hot seat) or `--opponent LEVEL` (the computer in the second seat); nil:
    /// whatever the key script says, else solo.
    public var mode: GameMode?
    /// `--names A,B`, already bounded and made safe (PlayerNames); the seats' defaults otherwise.
    public var names: [String]?
    /// `--daily`/`--date` (or a server's daily): the first game is this day's deal (theme and
    /// seed already set from it); its win card adds a share line and it is kept as that day's best.
    public var daily: DailyDate?
    /// A server's daily (`--server-daily`): ranked on the server's board, so the inspector,
    /// which shows every face, stays shut.
    public var isServerDaily = false
    /// `--report-channel FD` (a key's server daily, set by memorize-tui-server alone): the channel
    /// the won run's report goes over, for the server to replay (DailyRunReport.swift).
    public var reportChannel: Int32?
    /// `--play-record FILE` (the server's `replay N`): the game plays this record by itself.
    public var playRecordPath: String?
    /// `--background light|dark|auto`; nil: settings.json's "background", else auto (ask the terminal).
    public var background: BackgroundChoice?
    /// `--table-channel FD` (set by memorize-tui-server alone): this process sits at a table and
    /// the model changes only by the table's log (Table/TableApplication.swift).
    public var tableChannel: Int32?

    public init() {}
}

extension AppOptions {
    /// The key script's `players`, `opponent` and `names`, where the command line said nothing
    /// (as `seed` and `theme`: a flag wins over the script).
    public mutating func adoptMode(of script: KeyScript?) {
        if mode == nil { mode = script?.mode }
        if names == nil { names = script?.names }
    }
}
