@testable import MemorizeServer
import Testing

/// The allowlist of game flags over SSH, without a server: what passes, what is refused.
@Suite struct GameArgumentsTests {
    func parse(_ command: String, name: String? = "ann") -> Result<[String], GameArguments.Refusal> {
        GameArguments.parse(command: command, displayName: name)
    }

    @Test func allowedFlagsPassInOrder() throws {
        let arguments = try parse("--theme Animals --seed 42 --fps=60 --ascii --no-color --reduced-motion --inspect").get()
        #expect(arguments == ["--theme", "Animals", "--seed", "42", "--fps", "60", "--ascii", "--no-color", "--reduced-motion", "--inspect"])
    }

    @Test func quotesGroupWordsAsAShellWould() throws {
        #expect(try parse("--players 2 --names 'Ann B,Bob'").get() == ["--players", "2", "--names", "Ann B,Bob"])
        #expect(try parse("memorize-tui --theme \"Sea Life\"").get() == ["--theme", "Sea Life"])
    }

    @Test func theDisplayNameTakesTheFirstSeatUnlessNamesAreGiven() throws {
        #expect(try parse("--opponent hard").get() == ["--opponent", "hard", "--names", "ann,Computer"])
        #expect(try parse("--players 2").get() == ["--players", "2", "--names", "ann,Player 2"])
        #expect(try parse("--players 2 --names x,y").get() == ["--players", "2", "--names", "x,y"])
        #expect(try parse("--theme Animals").get() == ["--theme", "Animals"])
    }

    @Test(arguments: ["sh", "--record /etc/passwd", "--script /etc/shadow", "--headless", "--snapshot-dir /tmp",
                      "--list-themes", "/bin/sh", "--theme", "--fps 0", "--fps 121", "--players 3", "--seed -1",
                      "--opponent godlike", "--names a,b,c", "--names abcdefghijklmnopq,b --players 2",
                      "--theme 'a\u{1B}[2J'", "--opponent easy --players 1", "--names a", "--ascii=1", "'unclosed",
                      "--help", "--version", "--size 80x24"])
    func refused(command: String) {
        guard case .failure(let refusal) = parse(command) else {
            Issue.record("\(command) was not refused")
            return
        }
        #expect(!refusal.description.contains("\n"))
        #expect(!refusal.description.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func commandsAreBounded() {
        #expect((try? parse(String(repeating: "--ascii ", count: 200)).get()) == nil)
        #expect((try? parse("--theme " + String(repeating: "x", count: 2000)).get()) == nil)
    }

    @Test func displayNamesAreNeutralisedAndBounded() {
        #expect(ClientText.displayName("ann\u{1B}[31m,evil") == "ann[31mevil")
        #expect(ClientText.displayName(String(repeating: "z", count: 100))?.count == 16)
        #expect(ClientText.displayName("\u{1B}\u{7}") == nil)
        #expect(ClientText.neutralised("a\nb\u{202E}c") == "a?b?c")
    }

    @Test func durationsReadAsWritten() {
        #expect(DurationText.parse("90s") == .seconds(90))
        #expect(DurationText.parse("10m") == .seconds(600))
        #expect(DurationText.parse("2h") == .seconds(7200))
        #expect(DurationText.parse("250ms") == .milliseconds(250))
        #expect(DurationText.parse("soon") == nil)
        #expect(DurationText.describe(.seconds(600)) == "10m")
    }

    @Test func termIsTheClientsOnlyWhenSafeAndKnown() {
        #expect(TerminalType.chosen(from: "xterm-256color") == "xterm-256color")
        #expect(TerminalType.chosen(from: "tmux-256color") == "tmux-256color")
        #expect(TerminalType.chosen(from: "no-such-terminal") == "xterm-256color")
        #expect(TerminalType.chosen(from: "../../../etc/passwd") == "xterm-256color")
        #expect(TerminalType.chosen(from: "xterm\u{1B}[2J") == "xterm-256color")
        #expect(TerminalType.chosen(from: String(repeating: "x", count: 10_000)) == "xterm-256color")
    }
}
