import ArgumentParser
import MemorizeApp
import Primitives
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The command line: parses and validates flags, then hands over to the app. Nothing else.
@main
struct MemorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memorize-tui",
        abstract: "Stanford CS193P's Memorize card game, in your terminal.",
        discussion: """
        Keys: arrows or h j k l move the focus, space or enter chooses, d deals, s shuffles, \
        r restarts, n starts a new game, t switches theme, ? shows help, esc closes it, q or ctrl-c quits.

        Mouse: click a card to choose it, the deck to deal, a button to press it.

        Two players: --players 2 takes turns at one keyboard; --opponent easy|medium|hard puts the computer in the second seat. A match scores and plays again, a mismatch passes the turn; the higher score wins.

        Exit codes: \(exitStatuses.map { "\($0.code) \($0.meaning)" }.joined(separator: ", ")).
        """,
        version: version
    )

    /// What each exit status means, for the discussion above and the manual's EXIT STATUS.
    static let exitStatuses: [(code: String, meaning: String)] = [
        ("0", "quit"),
        ("1", "a key script's expect failed"),
        ("2", "usage or environment error or output that could not be written (a reader that goes away, as with | head, ends quietly)"),
    ]

    /// The release (`Release.version`, its one place), and for a build from a git checkout the
    /// commit it was built from: "0.2.0 (78d17d4)". `buildCommit` comes from the StampCommit
    /// plugin (nil without git).
    static let version = Release.version + (buildCommit.map { " (\($0))" } ?? "")

    // Completions (bash, zsh, fish) offer the values, not only the option names: theme names are
    // asked of the binary at TAB (the player's own themes too), levels and counts are fixed lists.
    @Option(help: "Play this theme (see --list-themes).",
            completion: .custom { _, _, prefix in CommandLineCompletion.themeNames(startingWith: prefix) })
    var theme: String?

    @Option(parsing: .unconditional, help: "Seed for shuffles and themes (0-18446744073709551615): the same seed and input give the same game.")
    var seed: UInt64?

    // .unconditional: `--fps -5` is a bad number, not a missing value followed by a flag.
    @Option(parsing: .unconditional, help: "Frames per second while something animates (1-120).")
    var fps: Int = 30

    @Flag(help: "ASCII glyphs only, no emoji.")
    var ascii = false

    @Flag(name: .customLong("no-color"), help: "No colours, attributes only (NO_COLOR is honoured too).")
    var noColor = false

    @Option(help: ArgumentHelp("The terminal's background: light, dark, or auto (the default: ask the terminal, then COLORFGBG, else dark). Text drawn on it keeps a contrast of 3:1.",
                               valueName: "light|dark|auto"),
            completion: .list(BackgroundChoice.allCases.map(\.rawValue)))
    var background: BackgroundChoice?

    @Flag(name: .customLong("reduced-motion"), help: "State changes jump instead of animating.")
    var reducedMotion = false

    @Flag(help: "Start with the inspector open (i toggles it): the model, @State and animations, live.")
    var inspect = false

    @Flag(name: .customLong("list-themes"), help: "Print every theme, built-in and yours, as a table and exit.")
    var listThemes = false

    @Option(help: "Play a key script (see README) in the live terminal, or headless with --headless.",
            completion: .file(extensions: ["keys"]))
    var script: String?

    @Flag(help: "Run the key script with no terminal on a virtual clock and print its snapshots.")
    var headless = false

    @Option(parsing: .unconditional, help: "Virtual terminal size for --headless, WIDTHxHEIGHT, each 1-1000 (a key script's own size must agree).")
    var size: String?

    @Option(help: ArgumentHelp("Record the session (live or --headless) as an asciicast v2 file for asciinema play.", valueName: "file"),
            completion: .file())
    var record: String?

    /// Prints the manual page (mdoc) made from these definitions and the app's key tables; for
    /// scripts/install.sh, hence hidden from --help and the completions (see ManualPage).
    @Flag(name: .customLong("generate-manual"), help: ArgumentHelp("Print the manual page (mdoc) and exit.", visibility: .private))
    var generateManual = false

    // .unconditional: `--players -1` is a bad number, not a missing value.
    @Option(parsing: .unconditional, help: "1 (solo, the default) or 2: two players taking turns at one keyboard.",
            completion: .list(CommandLineCompletion.playerCounts))
    var players: Int?

    @Option(help: ArgumentHelp("Play against the computer in the second seat: \(PlayerFlags.levels).", valueName: "level"),
            completion: .list(CommandLineCompletion.opponentLevels))
    var opponent: String?

    @Option(help: ArgumentHelp("The players' names, in seat order (at most \(PlayerNames.maxCharacters) characters each); default \"Player 1,Player 2\", or \"You,Computer\".", valueName: "A,B"))
    var names: String?

    /// Only memorize-tui-server passes it (the descriptor of the table channel it made); a
    /// player over SSH cannot (the server refuses it), and it is not in --help.
    @Option(name: .customLong("table-channel"), help: ArgumentHelp("The descriptor of a table's channel (set by memorize-tui-server).", visibility: .private))
    var tableChannel: Int32?

    @Option(name: .customLong("snapshot-dir"), help: ArgumentHelp("With --headless, also write each snapshot NAME as the picture DIR/NAME.svg.", valueName: "dir"),
            completion: .directory)
    var snapshotDir: String?

    @Flag(help: "Play today's deal (UTC): the same theme and shuffle on every machine today.")
    var daily = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Play the daily deal of this day, up to today (UTC).", valueName: "YYYY-MM-DD"))
    var date: String?

    /// A server's daily deal: the server gives --theme and --seed from its secret, this marks the game as that day's.
    @Option(name: .customLong("server-daily"), help: ArgumentHelp("Mark the game as a server's daily deal of this day.", visibility: .private))
    var serverDaily: String?

    /// A key's server daily: the descriptor of the channel its won run is reported over (the
    /// server made it; a player over SSH cannot pass it).
    @Option(name: .customLong("report-channel"), help: ArgumentHelp("The descriptor of a server's daily report channel (set by memorize-tui-server).", visibility: .private))
    var reportChannel: Int32?

    /// A server's `replay N`: the recorded run to play back (the server gives --theme and --seed).
    @Option(name: .customLong("play-record"), help: ArgumentHelp("Play back a recorded run from this file.", visibility: .private))
    var playRecord: String?

    /// argument-parser exits 64 on usage errors; our contract (and scripts relying on it) says 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            switch exitCode(for: error) {
            case .validationFailure:
                try? StandardStream.error.write(usageMessage(for: error) + "\n")
                Glibc.exit(2)
            case .success:
                // --help and --version: output lost to a full disk or a closed stdout is an error too.
                Glibc.exit(printChecked(fullMessage(for: error) + "\n"))
            default:
                exit(withError: error)
            }
        }
    }

    /// The parser's message and usage. The message quotes what was typed, which may hold a
    /// newline (a second, forged line) as well as controls, so it is made from the arguments
    /// neutralised: the same parse meets the same error ("?" is never a digit, a dash or "="),
    /// now quoting only safe text, while the usage keeps the lines the parser laid out.
    static func usageMessage(for error: Error) -> String {
        let typed = Array(CommandLine.arguments.dropFirst())
        let safe = typed.map { SafeText.neutralised($0) }
        guard safe != typed else { return fullMessage(for: error) }
        do {
            _ = try parseAsRoot(safe)
        } catch let sameKind where exitCode(for: sameKind) == .validationFailure {
            return fullMessage(for: sameKind)
        } catch {}
        // Not the same failure after all: keep the message, each line of it made safe.
        return fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
            .map { SafeText.neutralised(String($0)) }.joined(separator: "\n")
    }

    /// Writes `text` to stdout; the exit status: 0, 2 with one line on stderr when the write
    /// failed, or 128 + SIGPIPE, quietly, when the reader went away (as `cat` ends).
    static func printChecked(_ text: String) -> Int32 {
        do {
            try StandardStream.output.write(text)
            return 0
        } catch let failure as StandardStream.WriteFailure {
            if failure.isBrokenPipe { return 128 + SIGPIPE }
            try? StandardStream.error.writeLine("memorize-tui: \(failure)")
            return 2
        } catch {
            return 2
        }
    }

    func validate() throws {
        guard (1...120).contains(fps) else { throw ValidationError("--fps must be between 1 and 120, not \(fps)") }
        if let size {
            guard let parsed = Size(parsing: size), parsed.width <= KeyScript.maxDimension, parsed.height <= KeyScript.maxDimension else {
                throw ValidationError("--size must look like 80x24, each side 1...\(KeyScript.maxDimension), not \"\(size)\"")
            }
        }
        if size != nil && !headless { throw ValidationError("--size only applies with --headless") }
        if headless && script == nil { throw ValidationError("--headless needs --script FILE") }
        if let record, record.isEmpty { throw ValidationError("--record needs a file name") }
        if case .failure(let problem) = PlayerFlags.parse(players: players, opponent: opponent, names: names) {
            throw ValidationError(problem.description)
        }
        if daily || date != nil {
            if theme != nil || seed != nil { throw ValidationError("--daily and --date choose the theme and the seed: drop --theme and --seed") }
            if players != nil || opponent != nil { throw ValidationError("the daily deal is played solo: drop --players and --opponent") }
            if serverDaily != nil { throw ValidationError("--server-daily is the server's own") }
        }
        if playRecord != nil && (theme == nil || seed == nil || script != nil) {
            throw ValidationError("--play-record needs --theme and --seed, and no key script")
        }
        if let tableChannel {
            guard tableChannel >= 3, !headless, script == nil, players == 2 else {
                throw ValidationError("--table-channel is memorize-tui-server's: a descriptor of 3 or more, live, with --players 2")
            }
        }
        if let reportChannel {
            guard reportChannel >= 3, serverDaily != nil, !headless, script == nil else {
                throw ValidationError("--report-channel is memorize-tui-server's: a descriptor of 3 or more, live, with --server-daily")
            }
        }
        if let snapshotDir {
            if snapshotDir.isEmpty { throw ValidationError("--snapshot-dir needs a directory name") }
            if !headless { throw ValidationError("--snapshot-dir only applies with --headless") }
        }
    }

    func run() throws {
        if generateManual {
            let page: String
            do { page = try ManualPage.render() } catch {
                try? StandardStream.error.writeLine("\(error)")
                throw ExitCode(2)
            }
            let code = Self.printChecked(page)
            if code != 0 { throw ExitCode(code) }
            return
        }
        // Before anything measures or prints text: a C/POSIX locale becomes C.UTF-8 (PEP 538), and
        // only a non-UTF-8 locale the user chose means ASCII glyphs, said in one line.
        var ascii = self.ascii
        if case .asciiOnly(let note) = TerminalLocale.adopt() {
            ascii = true
            do { try StandardStream.error.writeLine("memorize-tui: \(note)") } catch { throw ExitCode(2) }
        }
        if listThemes {
            let code = Launcher.printThemeTable(ascii: ascii)
            if code != 0 { throw ExitCode(code) }
            return
        }
        var options = AppOptions()
        options.themeName = theme
        options.seed = seed
        options.fps = Double(fps)
        options.ascii = ascii
        options.monochrome = noColor          // NO_COLOR is the Launcher's to read, with the rest of the environment
        options.reducedMotion = reducedMotion
        options.background = background
        options.inspect = inspect
        options.scriptPath = script
        options.headless = headless
        if let size, let parsed = Size(parsing: size) { options.requestedSize = parsed }
        options.recordPath = record
        options.snapshotDirectory = snapshotDir
        if daily || date != nil, let problem = options.playDaily(date: date) {
            try? StandardStream.error.writeLine(problem)
            throw ExitCode(2)
        }
        options.playRecordPath = playRecord
        if let serverDaily, let problem = options.markServerDaily(serverDaily, reportChannel: reportChannel) {
            try? StandardStream.error.writeLine(problem)
            throw ExitCode(2)
        }
        options.tableChannel = tableChannel
        if case .success(let seats) = PlayerFlags.parse(players: players, opponent: opponent, names: names) {
            options.mode = seats.mode
            options.names = seats.names
        }
        let code = Launcher.run(options)
        if code != 0 { throw ExitCode(code) }
    }
}

/// `--background light|dark|auto`: a bad value is a usage error naming the three.
extension BackgroundChoice: ExpressibleByArgument {}
