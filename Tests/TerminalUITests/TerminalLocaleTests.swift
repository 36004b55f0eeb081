import Testing
@testable import TerminalUI

/// The start-up locale decision (PEP 538): which locales are coerced to UTF-8, which play in ASCII.
@Suite struct TerminalLocaleTests {
    func decide(_ codeset: String, _ requested: (String, String)?, installed: String? = "C.UTF-8") -> (TerminalLocale.Outcome, coerced: Bool) {
        var coerced = false
        let outcome = TerminalLocale.decide(codeset: codeset, requested: requested.map { (name: $0.0, value: $0.1) }) {
            coerced = true
            return installed
        }
        return (outcome, coerced)
    }

    @Test func utf8IsLeftAlone() {
        let (outcome, coerced) = decide("UTF-8", ("LANG", "en_US.UTF-8"))
        #expect(outcome == .utf8)
        #expect(!coerced)
    }

    @Test("C, POSIX, nothing, or a UTF-8 locale that is not installed: coerced",
          arguments: [nil, ("LANG", "C"), ("LC_ALL", "POSIX"), ("LANG", "en_US.UTF-8"), ("LC_CTYPE", "de_DE.utf8@euro")] as [(String, String)?])
    func nothingBetterAskedForIsCoerced(_ requested: (String, String)?) {
        let (outcome, coerced) = decide("ANSI_X3.4-1968", requested)
        #expect(coerced)
        #expect(outcome == .coerced(to: "C.UTF-8"))
    }

    @Test("a chosen non-UTF-8 locale plays in ASCII, with a note naming it",
          arguments: [("LANG", "en_US.ISO-8859-1"), ("LC_ALL", "de_DE@euro"), ("LC_CTYPE", "ja_JP.eucJP")])
    func chosenLegacyLocaleIsKept(_ requested: (String, String)) {
        let (outcome, coerced) = decide("ISO-8859-1", requested)
        #expect(!coerced)
        guard case .asciiOnly(let note) = outcome else { Issue.record("\(outcome)"); return }
        #expect(note.contains("\(requested.0)=\(requested.1)"))
        #expect(!note.contains("\n"))
    }

    @Test func noUTF8LocaleInstalledFallsBackToASCII() {
        let (outcome, _) = decide("ANSI_X3.4-1968", ("LANG", "C"), installed: nil)
        guard case .asciiOnly(let note) = outcome else { Issue.record("\(outcome)"); return }
        #expect(note.contains("no UTF-8 locale"))
    }

    @Test func hostileLocaleNamesAreNeutralisedInTheNote() {
        let (outcome, _) = decide("ISO-8859-1", ("LANG", "x\u{1B}[2J\nforged"))
        guard case .asciiOnly(let note) = outcome else { Issue.record("\(outcome)"); return }
        #expect(!note.contains("\u{1B}") && !note.contains("\n"))
    }

    @Test func requestedFollowsGlibcPriority() {
        let env = ["LANG": "C.UTF-8", "LC_CTYPE": "", "LC_ALL": "POSIX"]
        #expect(TerminalLocale.requested { env[$0] }! == ("LC_ALL", "POSIX"))
        #expect(TerminalLocale.requested { ["LANG": "fr_FR"][$0] }! == ("LANG", "fr_FR"))
        #expect(TerminalLocale.requested { _ in nil } == nil)
    }
}
