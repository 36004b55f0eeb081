import Foundation
import Testing
@testable import TerminalUI

/// Colour depth end to end: the binary in tmux, with a direct-colour terminfo entry compiled for
/// the test (Debian's ncurses-base has no xterm-direct) in a private TERMINFO directory, so the
/// test process's own environment is never changed.
@Suite(.serialized) struct NcursesDirectColorTests {
    /// xterm-direct's colour strings: numbers below 8 are palette colours, the rest 0xRRGGBB.
    static let terminfoSource = """
        xterm-direct-test|xterm-256color with direct colour (memorize-tui test),
        \tcolors#0x1000000, RGB,
        \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,
        \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,
        \tuse=xterm-256color,

        """

    static func compiledTerminfo() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-terminfo-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let source = directory + "/direct.src"
        try terminfoSource.write(toFile: source, atomically: true, encoding: .utf8)
        let tic = try RecordProcess.run("/usr/bin/env", ["tic", "-x", "-o", directory, source])
        try #require(tic.status == 0, "tic failed: \(tic.stderr)")
        return directory
    }

    /// The title line as tmux stores it (`capture-pane -e`), with the app's own TERM.
    func titleWithEscapes(term: String, extraEnvironment: String = "", arguments: String = "") throws -> String {
        let binary = try RecordBinary.path()
        let rcFile = try temporaryFile("direct-\(term).rc"), errFile = try temporaryFile("direct-\(term).err")
        defer { for file in [rcFile, errFile] { try? FileManager.default.removeItem(atPath: file) } }
        let tmux = try RecordTmux(size: Size(width: 80, height: 24), command:
            "\(appEnvironment(term: term)) \(extraEnvironment) \(shellQuoted(binary)) --seed 5 \(arguments) 2>\(shellQuoted(errFile)); \(saveExitStatus(to: rcFile)); exec sleep 600")
        defer { tmux.close() }
        try tmux.waitFor("the game") { $0.contains("Restart") }
        let screen = try tmux.capture(escapes: true)
        try tmux.tmux(["send-keys", "-t", "S", "q"])
        #expect(savedExitStatus(at: rcFile) == "0",
                "TERM=\(term): \((try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "")")
        return screen
    }

    @Test func directColourTerminalsGetTrueColour() throws {
        let terminfo = try Self.compiledTerminfo()
        defer { try? FileManager.default.removeItem(atPath: terminfo) }
        let direct = try titleWithEscapes(term: "xterm-direct-test", extraEnvironment: "TERMINFO=\(shellQuoted(terminfo))")
        #expect(direct.contains("\u{1B}[38;2;") || direct.contains("\u{1B}[48;2;"), "24-bit colours:\n\(direct)")
        #expect(!direct.contains("38;5;") && !direct.contains("48;5;"))

        let palette = try titleWithEscapes(term: "xterm-256color")
        #expect(palette.contains("38;5;") || palette.contains("48;5;"))
        #expect(!palette.contains("38;2;") && !palette.contains("48;2;"))

        let eight = try titleWithEscapes(term: "xterm")           // colors#8
        #expect(!eight.contains("38;5;") && !eight.contains("38;2;") && !eight.contains("48;5;"))
        #expect(sgrColourCount(in: eight) > 0, "basic colours")

        let monochrome = try titleWithEscapes(term: "xterm-direct-test", extraEnvironment: "TERMINFO=\(shellQuoted(terminfo))",
                                              arguments: "--no-color")
        #expect(sgrColourCount(in: monochrome) == 0, "no colours:\n\(monochrome)")
        #expect(monochrome.contains("\u{1B}[1m"), "attributes stay")
    }
}
