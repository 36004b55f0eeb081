import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing

/// Every end-to-end test drives the real binary; they run one at a time (tmux, timing).
/// Groups are nested suites in extensions of this type, so `.serialized` covers them all.
@Suite(.serialized)
struct EndToEndTests {}

// MARK: - Screen conditions shared by the tests

enum Check {
    static let size80x24 = Size(width: 80, height: 24)

    /// The deal is over: the deck's place is empty and every card rests in its slot
    /// (a face-down card is a block of ░, or a ╭ border when it has the focus).
    static func dealSettled(_ screen: ScreenText, layout: GameLayout) -> Bool {
        screen.isBlank(layout.deckFrame) && layout.grid.itemFrames.allSatisfy { frame in
            ["░", "╭"].contains(screen.cell(x: frame.minX, y: frame.minY))
                && ["░", "╯"].contains(screen.cell(x: frame.maxX - 1, y: frame.maxY - 1))
        }
    }

    /// A face-down card with the focus highlight: a rounded border around the ░ back.
    static func isFocusedFaceDown(_ screen: ScreenText, frame: Rect) -> Bool {
        screen.cell(x: frame.minX, y: frame.minY) == "╭" && screen.regionText(frame).contains("░")
    }

    static func shows(_ emoji: String, in frame: Rect, on screen: ScreenText) -> Bool {
        screen.regionText(frame).contains(emoji)
    }

    /// The win banner (a box) has a line with the final score and the number of moves.
    static func winBannerShows(score: Int, moves: Int, _ screen: ScreenText) -> Bool {
        screen.contains("You matched every pair!") && screen.lines.contains { line in
            line.contains("│") && line.contains("Score: \(score) ") && line.contains("Moves: \(moves) ")
        }
    }

    static func titleShows(score: Int, pairsLeft: Int, _ screen: ScreenText) -> Bool {
        guard let title = screen.lines.first else { return false }
        return title.contains("Score: \(score) ") && title.contains("Pairs left: \(pairsLeft)")
    }
}

extension TmuxSession {
    /// Waits for the first frame of the game.
    func waitForGame(timeout: Double = 5) throws {
        try waitUntil("the game's first frame", timeout: timeout) {
            $0.contains("Score: 0") && $0.contains("[Shuffle]")
        }
    }

    func waitForDealToSettle(_ layout: GameLayout, timeout: Double = 6) throws {
        try waitUntil("the deal to settle (deck gone, all cards in their slots)", timeout: timeout) {
            Check.dealSettled($0, layout: layout)
        }
    }

    func waitForScore(_ score: Int, pairsLeft: Int, timeout: Double = 5) throws {
        try waitUntil("title \"Score: \(score)\" and \"Pairs left: \(pairsLeft)\"", timeout: timeout) {
            Check.titleShows(score: score, pairsLeft: pairsLeft, $0)
        }
    }

    /// After the app is gone: exit code written, alternate screen left, mouse off, cursor back.
    func expectTerminalRestored(exitCode expected: Set<Int32> = [0], timeout: Double = 5,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let code = try waitForExit(timeout: timeout)
        #expect(expected.contains(code), "exit code \(code), expected one of \(expected.sorted()); stderr: \(stderrText())",
                sourceLocation: sourceLocation)
        _ = try? waitForFlags("the terminal to be restored", timeout: 2) {
            !$0.alternateOn && !$0.mouseAny && $0.cursorVisible
        }
        let flags = try self.flags()
        #expect(!flags.alternateOn, "still on the alternate screen", sourceLocation: sourceLocation)
        #expect(!flags.mouseAny, "mouse reporting still on", sourceLocation: sourceLocation)
        #expect(flags.cursorVisible, "cursor still hidden", sourceLocation: sourceLocation)
        let screen = try capture()
        #expect(!screen.contains("Pairs left"), "the game is still drawn after exit:\n\(screen)", sourceLocation: sourceLocation)
    }
}
