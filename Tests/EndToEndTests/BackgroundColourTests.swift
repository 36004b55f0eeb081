import Foundation
@testable import MemorizeApp
import Primitives
@testable import TerminalUI
import Testing

/// Colours as a terminal shows them, read back from tmux (`capture-pane -e`): the bonus pie at 8
/// colours (TERM=xterm), the title on a light background, and `--background auto` answered or not.
/// Colour numbers 0–15 are measured as xterm's default palette shows them, 16–255 as its cube
/// and greys (NcursesStyleMapping.xtermPalette); a default background as white (light) or black.
extension EndToEndTests {
    @Suite struct BackgroundColourTests {
        /// A cell of a `capture-pane -e` line: its character and colour numbers (-1: default).
        struct ColouredCell {
            var character: Character
            var foreground: Int
            var background: Int
        }

        /// Parses tmux's SGR output (30–37, 90–97, 38;5;N and their backgrounds, 0, 39, 49, 7).
        static func cells(_ line: String) -> [ColouredCell] {
            var result: [ColouredCell] = []
            var fg = -1, bg = -1, reverse = false
            var scalars = Array(line.unicodeScalars)[...]
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                if scalar == "\u{1B}", scalars.first == "[" {
                    let body = scalars.dropFirst().prefix { $0 != "m" }
                    scalars = scalars.dropFirst(body.count + 2)
                    var params = String(String.UnicodeScalarView(body)).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
                    if params.isEmpty { params = [0] }
                    while let p = params.first {
                        params = params.dropFirst()
                        switch p {
                        case 0: (fg, bg, reverse) = (-1, -1, false)
                        case 7: reverse = true
                        case 27: reverse = false
                        case 30...37: fg = p - 30
                        case 39: fg = -1
                        case 40...47: bg = p - 40
                        case 49: bg = -1
                        case 90...97: fg = p - 90 + 8
                        case 100...107: bg = p - 100 + 8
                        case 38, 48:
                            if params.first == 5, params.count >= 2 {
                                let n = params.dropFirst().first!
                                if p == 38 { fg = n } else { bg = n }
                                params = params.dropFirst(2)
                            }
                        default: break
                        }
                    }
                    continue
                }
                let (f, b) = reverse ? (bg, fg) : (fg, bg)
                result.append(ColouredCell(character: Character(scalar), foreground: f, background: b))
            }
            return result
        }

        static func rgb(_ index: Int, defaultColor: RGB) -> RGB {
            index < 0 ? defaultColor : NcursesStyleMapping.xtermPalette[index]
        }

        static func colouredCapture(_ session: TmuxSession) throws -> [[ColouredCell]] {
            try session.tmux(["capture-pane", "-e", "-p", "-t", "S"]).split(separator: "\n", omittingEmptySubsequences: false)
                .map { cells(String($0)) }
        }

        static func isBraille(_ c: Character) -> Bool {
            c.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false
        }

        @Test("TERM=xterm (8 colours): the bonus pie's braille is not drawn in the face's colour")
        func pieVisibleAtEightColours() throws {
            let game = try ReferenceGame()
            let layout = game.layout(Check.size80x24)
            let session = try TmuxSession(size: Check.size80x24, term: "xterm", arguments: ReferenceGame.arguments)
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("d")
            try session.waitForDealToSettle(layout)
            try session.sendKeys("Space")
            usleep(800_000)                      // the flip is over; the pie runs for seconds
            let pie = try Self.colouredCapture(session).flatMap { $0 }.filter { Self.isBraille($0.character) }
            try #require(pie.count >= 3, "no pie drawn")
            for cell in pie {
                #expect(cell.foreground != cell.background, "pie cell \(cell.character) in colour \(cell.foreground) on \(cell.background)")
            }
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 0)
        }

        /// The title's cells (the theme's name at the top left) and their contrast on `behind`.
        static func titleContrast(_ session: TmuxSession, behind: RGB) throws -> [Double] {
            let top = try colouredCapture(session).first ?? []
            let title = top.drop { $0.character == " " }.prefix { $0.character != " " }
            return title.map { cell in
                Contrast.ratio(rgb(cell.foreground, defaultColor: behind), rgb(cell.background, defaultColor: behind))
            }
        }

        @Test("--background light: the title's text reads at 3:1 on white", arguments: ["xterm", "xterm-256color"])
        func titleOnLight(term: String) throws {
            let session = try TmuxSession(size: Check.size80x24, term: term, arguments: ReferenceGame.arguments + ["--background", "light"])
            defer { session.close() }
            try session.waitForGame()
            let ratios = try Self.titleContrast(session, behind: TerminalBackground.light.color)
            try #require(ratios.count >= "Halloween".count)
            #expect(ratios.allSatisfy { $0 >= 3 }, "\(term): \(ratios)")
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 0)
        }

        @Test("--background auto: an OSC 11 answer recolours for light; none of it is a key")
        func autoAnswered() throws {
            let game = try ReferenceGame()
            let layout = game.layout(Check.size80x24)
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments)
            defer { session.close() }
            try session.waitForGame()
            let grey = RGB(0xDD, 0xDD, 0xDD)
            // Dark is assumed until told (tmux without a client answers DA1 only).
            #expect(try Self.titleContrast(session, behind: grey).contains { $0 < 3 })
            // Read as keys, "d" would deal and Esc and the rest would act too.
            try session.sendLiteral("\u{1B}]11;rgb:dddd/dddd/dddd\u{1B}\\")
            let deadline = Date().addingTimeInterval(3)
            var ratios: [Double] = []
            repeat {
                usleep(50_000)
                ratios = try Self.titleContrast(session, behind: grey)
            } while !(ratios.count >= 9 && ratios.allSatisfy { $0 >= 3 }) && Date() < deadline
            #expect(ratios.count >= 9 && ratios.allSatisfy { $0 >= 3 }, "\(ratios)")
            usleep(300_000)
            let screen = try session.capture()
            #expect(screen.isBlank(layout.grid.itemFrames[0]), "a byte of the answer was read as the deal key")
            #expect(!screen.contains("rgb") && !screen.contains("dddd"))
            try session.sendKeys("d")
            try session.waitForDealToSettle(layout)
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 0)
        }

        @Test("--background auto with no answer: COLORFGBG's background, else dark, from the first frame, and it stays",
              arguments: [nil, "0;15", "15;0"] as [String?])
        func autoUnanswered(colorFGBG: String?) throws {
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments,
                                          environment: ["COLORFGBG": colorFGBG ?? ""])  // empty: none (not the runner's own)
            defer { session.close() }
            try session.waitForGame()
            let behind = colorFGBG == "0;15" ? TerminalBackground.light.color : TerminalBackground.dark.color
            let first = try Self.titleContrast(session, behind: behind)
            #expect(first.count >= 9 && first.allSatisfy { $0 >= 3 }, "\(first)")
            usleep(500_000)
            #expect(try Self.titleContrast(session, behind: behind) == first)
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 0)
        }
    }
}
