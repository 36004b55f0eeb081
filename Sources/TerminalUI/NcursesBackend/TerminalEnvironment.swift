import Primitives
import CNcurses
import Glibc

/// Why the terminal cannot be used; `message(program:)` is the one line the app prints on stderr.
public struct TerminalEnvironmentError: ProgramError, Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// "stdin" or "stdout".
        case notATerminal(stream: String)
        case termUnset
        case termDumb
        case unknownTerm(String)
        /// No terminfo database at all (setupterm's -1).
        case noTerminfoDatabase(String)
        /// Known, but cannot position the cursor (no `cup`), e.g. a hardcopy or generic entry.
        case noCursorAddressing(String)
        /// `codeset` is what nl_langinfo reported; `unavailableLocale` names a requested locale
        /// that is not installed, when that is the cause.
        case notUTF8(codeset: String, unavailableLocale: String?)
        /// newterm failed even though the checks passed.
        case startFailed(String)
        /// Another NcursesScreen is still active.
        case alreadyActive
        /// Wider or taller than ncurses can address (its coordinates are C shorts).
        case tooLarge(Size)
    }

    /// ncurses keeps rows and columns in a C `short`.
    public static let largestTerminalSide = 32_767

    public let reason: Reason
    public init(_ reason: Reason) { self.reason = reason }

    public func message(program: String) -> String {
        switch reason {
        case .notATerminal(let stream):
            return "\(program) needs a terminal: \(stream) is not a tty (use --headless to run a key script without one)"
        case .termUnset:
            return "\(program) needs a terminal: TERM is not set (set TERM=xterm-256color, or use --headless)"
        case .termDumb:
            return "\(program) cannot draw on TERM=dumb: it needs a terminal that can move the cursor (set TERM=xterm-256color, or use --headless)"
        case .unknownTerm(let term):
            return "\(program) does not know TERM=\(term): no terminfo entry for it (set TERM=xterm-256color, or install its terminfo)"
        case .noTerminfoDatabase(let term):
            return "\(program) cannot look up TERM=\(term): no terminfo database found (install ncurses-base or set TERMINFO)"
        case .noCursorAddressing(let term):
            return "\(program) cannot draw on TERM=\(term): its terminfo entry cannot move the cursor (set TERM=xterm-256color)"
        case let .notUTF8(codeset, unavailable?):
            return "\(program) needs a UTF-8 locale: \(unavailable) is not installed here, so the character set is \(codeset) (set LANG=C.UTF-8)"
        case let .notUTF8(codeset, nil):
            return "\(program) needs a UTF-8 locale, but the character set is \(codeset) (set LANG=C.UTF-8)"
        case .startFailed(let term):
            return "\(program) could not start the terminal for TERM=\(term)"
        case .tooLarge(let size):
            return "\(program) cannot draw on a terminal of \(size.width)x\(size.height): ncurses handles at most \(Self.largestTerminalSide) columns and \(Self.largestTerminalSide) rows (make the window smaller)"
        case .alreadyActive:
            return "\(program): a terminal screen is already active"
        }
    }
}

/// Checks that run before anything is written to the terminal, so a failure leaves it untouched.
public enum TerminalEnvironment {
    /// Whether a terminal of this type draws the eighth blocks ▏…▉ (EighthBlocks). The linux
    /// console's fonts have 256 or 512 glyphs: the half blocks, not the eighths (its terminfo
    /// entries are `linux` and `linux-*`).
    public static func drawsEighthBlocks(term: String?) -> Bool {
        guard let term else { return true }
        return !(term == "linux" || term.hasPrefix("linux-"))
    }

    /// One environment variable of this process.
    static func variable(_ name: String) -> String? { ProcessEnvironment.variable(name) }

    /// What setupterm said about a terminal name.
    enum TermLookup: Equatable { case usable, unknown, noDatabase, noCursorAddressing }

    /// Whether a terminal can be used (stdin/stdout, size, TERM, terminfo, locale), as
    /// NcursesScreen asks before it writes anything; every probe is injectable so tests reach each
    /// branch without a tty.
    /// Probes run lazily and in order, so a failed check stops before the next probe runs.
    static func check(stdinIsTTY: Bool, stdoutIsTTY: Bool, term: String?,
                      lookUp: (String) -> TermLookup,
                      locale: () -> (codeset: String, unavailableLocale: String?),
                      size: Size? = nil, asciiOnly: Bool = false) throws {
        guard stdinIsTTY else { throw TerminalEnvironmentError(.notATerminal(stream: "stdin")) }
        guard stdoutIsTTY else { throw TerminalEnvironmentError(.notATerminal(stream: "stdout")) }
        if let size, size.width > TerminalEnvironmentError.largestTerminalSide || size.height > TerminalEnvironmentError.largestTerminalSide {
            throw TerminalEnvironmentError(.tooLarge(size))
        }
        guard let term, !term.isEmpty else { throw TerminalEnvironmentError(.termUnset) }
        guard term != "dumb" else { throw TerminalEnvironmentError(.termDumb) }
        switch lookUp(term) {
        case .usable: break
        case .unknown: throw TerminalEnvironmentError(.unknownTerm(term))
        case .noDatabase: throw TerminalEnvironmentError(.noTerminfoDatabase(term))
        case .noCursorAddressing: throw TerminalEnvironmentError(.noCursorAddressing(term))
        }
        let (codeset, unavailable) = locale()
        // ASCII glyphs draw the same in any character set, so only a UTF-8 screen needs UTF-8.
        guard isUTF8(codeset) || asciiOnly else {
            throw TerminalEnvironmentError(.notUTF8(codeset: codeset, unavailableLocale: unavailable))
        }
    }

    static func isUTF8(_ codeset: String) -> Bool {
        let normalized = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        return normalized == "utf8"
    }

    /// Looks `term` up in terminfo with setupterm, which writes nothing when given an error
    /// pointer (unlike initscr, which prints and exits). The TERMINAL it builds is freed again.
    static func lookUpTerm(_ term: String, fd: Int32) -> TermLookup {
        var hasCursorAddressing: Int32 = 0
        switch cn_probe_term(term, fd, &hasCursorAddressing) {
        // "gn" (generic) entries already count as unknown; a hardcopy or otherwise cursorless entry does not.
        case 1: return hasCursorAddressing != 0 ? .usable : .noCursorAddressing
        case -1: return .noDatabase
        default: return .unknown
        }
    }

    /// The process locale as TerminalLocale chose it (once), then the resulting character set;
    /// when the environment names a locale that is not installed, which one.
    static func adoptEnvironmentLocale() -> (codeset: String, unavailableLocale: String?) {
        _ = TerminalLocale.adopt()
        let codeset = TerminalLocale.currentCodeset()
        guard let (name, value) = TerminalLocale.requested(variable) else { return (codeset, nil) }
        guard let probe = newlocale(Int32(1) << LC_CTYPE, value, nil) else { return (codeset, "\(name)=\(value)") }
        freelocale(probe)
        return (codeset, nil)
    }
}
