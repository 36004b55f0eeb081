import Foundation
import TerminalUI
import Testing

/// A 1 MB paste into any text field is handled in time linear in its size: `Z` and 500,000
/// combining marks used to freeze the editor's name field for minutes (each key re-measured the
/// whole name). The bound asserted is generous (machines are noisy, debug builds slow); the
/// figure is printed, and the benchmark-grade number is in the README.
extension EndToEndTests {
    @Suite("Paste")
    struct Paste {
        @Test("a 1 MB paste into the name or the emoji field is handled, then Esc still answers",
              arguments: ["name", "emoji"])
        func megabytePaste(field: String) throws {
            let text = "Z" + String(repeating: "\u{301}", count: 500_000)
            let file = NSTemporaryDirectory() + "paste-\(getpid())-\(field).txt"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            defer { unlink(file) }
            let session = try TmuxSession(size: Size(width: 100, height: 30), term: "xterm-256color",
                                          arguments: ReferenceGame.arguments)
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("t")
            try session.waitFor("Themes")
            try session.sendKeys("a")
            try session.waitFor("New theme")
            if field == "emoji" { try session.sendKeys("Tab") }
            try session.tmux(["load-buffer", file])
            let start = Date()
            try session.tmux(["paste-buffer", "-t", "S"])
            try session.sendKeys("Escape", "Escape")
            try session.waitUntil("the editor to close after the paste", timeout: 30) { $0.lines.first?.hasPrefix(" Themes") == true }
            let elapsed = Date().timeIntervalSince(start)
            print("paste: 1,000,001 bytes into the \(field) field handled in \(String(format: "%.2f", elapsed)) s")
            #expect(elapsed < 20, "\(elapsed) s for a 1 MB paste")
            try session.sendKeys("q")
            try session.expectTerminalRestored(exitCode: [0])
        }
    }
}
