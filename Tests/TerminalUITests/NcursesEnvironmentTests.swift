import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The preflight decision, every branch, with injected probes (the real terminfo lookups are in
/// NcursesTerminalTests, which owns ncurses' global state).
@Suite struct NcursesEnvironmentTests {
    typealias Reason = TerminalEnvironmentError.Reason

    /// Runs the check with everything fine except what the caller overrides; returns the reason.
    func failure(stdin: Bool = true, stdout: Bool = true, term: String? = "xterm-256color",
                 lookup: TerminalEnvironment.TermLookup = .usable, codeset: String = "UTF-8",
                 unavailable: String? = nil) -> Reason? {
        do {
            try TerminalEnvironment.check(stdinIsTTY: stdin, stdoutIsTTY: stdout, term: term,
                                          lookUp: { _ in lookup }, locale: { (codeset, unavailable) })
            return nil
        } catch let error as TerminalEnvironmentError {
            return error.reason
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func everythingFinePasses() {
        #expect(failure() == nil)
        #expect(failure(codeset: "utf8") == nil)
    }

    @Test func eachFailure() {
        #expect(failure(stdin: false) == .notATerminal(stream: "stdin"))
        #expect(failure(stdout: false) == .notATerminal(stream: "stdout"))
        #expect(failure(term: nil) == .termUnset)
        #expect(failure(term: "") == .termUnset)
        #expect(failure(term: "dumb") == .termDumb)
        #expect(failure(term: "vt-nonsense", lookup: .unknown) == .unknownTerm("vt-nonsense"))
        #expect(failure(lookup: .noDatabase) == .noTerminfoDatabase("xterm-256color"))
        #expect(failure(lookup: .noCursorAddressing) == .noCursorAddressing("xterm-256color"))
        #expect(failure(codeset: "ANSI_X3.4-1968") == .notUTF8(codeset: "ANSI_X3.4-1968", unavailableLocale: nil))
        #expect(failure(codeset: "ISO-8859-1", unavailable: "LANG=de_DE") == .notUTF8(codeset: "ISO-8859-1", unavailableLocale: "LANG=de_DE"))
    }

    @Test func checksRunInOrderAndStopAtTheFirstFailure() throws {
        var probed: [String] = []
        #expect(throws: TerminalEnvironmentError(.notATerminal(stream: "stdin"))) {
            try TerminalEnvironment.check(stdinIsTTY: false, stdoutIsTTY: false, term: nil,
                                          lookUp: { probed.append("term \($0)"); return .usable },
                                          locale: { probed.append("locale"); return ("UTF-8", nil) })
        }
        #expect(probed.isEmpty)
        #expect(throws: TerminalEnvironmentError(.termDumb)) {
            try TerminalEnvironment.check(stdinIsTTY: true, stdoutIsTTY: true, term: "dumb",
                                          lookUp: { probed.append("term \($0)"); return .usable },
                                          locale: { probed.append("locale"); return ("UTF-8", nil) })
        }
        #expect(probed.isEmpty)   // no setupterm for dumb, no setlocale
    }

    @Test func messagesAreOneLineAndSayHowToFix() {
        let reasons: [Reason] = [
            .notATerminal(stream: "stdin"), .notATerminal(stream: "stdout"), .termUnset, .termDumb,
            .unknownTerm("foo"), .noTerminfoDatabase("foo"), .noCursorAddressing("foo"),
            .notUTF8(codeset: "ANSI_X3.4-1968", unavailableLocale: nil),
            .notUTF8(codeset: "ANSI_X3.4-1968", unavailableLocale: "LANG=en_US.UTF-8"),
            .startFailed("foo"), .alreadyActive,
        ]
        for reason in reasons {
            let text = TerminalEnvironmentError(reason).message(program: "memorize-tui")
            #expect(!text.contains("\n"))
            #expect(text.hasPrefix("memorize-tui"))
        }
        #expect(TerminalEnvironmentError(.notATerminal(stream: "stdin")).message(program: "memorize-tui")
            == "memorize-tui needs a terminal: stdin is not a tty (use --headless to run a key script without one)")
        #expect(TerminalEnvironmentError(.notUTF8(codeset: "ANSI_X3.4-1968", unavailableLocale: nil)).description.contains("set LANG=C.UTF-8"))
        #expect(TerminalEnvironmentError(.notUTF8(codeset: "x", unavailableLocale: "LANG=en_US.UTF-8")).description.contains("LANG=en_US.UTF-8 is not installed"))
        #expect(TerminalEnvironmentError(.unknownTerm("foo")).description.contains("TERM=foo"))
        #expect(TerminalEnvironmentError(.termUnset).description.contains("TERM is not set"))
    }

    @Test func utf8Spellings() {
        for name in ["UTF-8", "utf-8", "UTF8", "utf8"] { #expect(TerminalEnvironment.isUTF8(name)) }
        for name in ["ANSI_X3.4-1968", "ISO-8859-1", "", "UTF-16"] { #expect(!TerminalEnvironment.isUTF8(name)) }
    }

    /// `swift test` runs without a terminal on stdin/stdout; the real preflight must say so (and
    /// must not get as far as setupterm or setlocale).
    @Test(.enabled(if: isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0, "needs stdin or stdout not to be a tty"))
    func realPreflightWithoutATerminal() {
        let stream = isatty(STDIN_FILENO) == 0 ? "stdin" : "stdout"
        #expect(throws: TerminalEnvironmentError(.notATerminal(stream: stream))) {
            _ = try NcursesScreen()
        }
    }
}
