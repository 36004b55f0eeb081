import ThemeFormat
import Foundation
import Memorize
@testable import MemorizeApp
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
import Testing

extension ServerTests.Tables {
    /// A mirror of one seat's game (the seed the server drew, theme, names and size as the server gives it): the
    /// test knows every card's face from it and where each key leaves the seat's focus, so it can
    /// play a whole game through real SSH with the keys a player would press.
    final class Mirror {
        let view: GamePage

        init(seed: UInt64) {
            var options = AppOptions()
            options.mode = .hotSeat
            options.names = ["alice", "bob"]
            let themes = ThemeLibrary.builtIn()
            view = Launcher.makeView(options, clock: VirtualClock(), size: Size(width: 80, height: 24), themes: themes,
                                     theme: themes.named("Animals"), seed: seed)
        }

        /// The arrow keys that take the focus to `target`, applied to the mirror as to the seat.
        func keys(to target: Int) -> [String] {
            var keys: [String] = []
            let columns = max(1, view.layout.grid.columnCount)
            while view.focusIndex != target, keys.count < 40 {
                let here = (row: view.focusIndex / columns, column: view.focusIndex % columns)
                let there = (row: target / columns, column: target % columns)
                let (key, dx, dy) = there.row > here.row ? ("Down", 0, 1) : there.row < here.row ? ("Up", 0, -1)
                    : there.column > here.column ? ("Right", 1, 0) : ("Left", -1, 0)
                view.perform(.moveFocus(dx: dx, dy: dy))
                keys.append(key)
            }
            return keys
        }
    }

    @Test func twoSeatsAgreeScreenForScreenThroughAWholeGame() throws {
        let scene = try Scene()
        defer { scene.close() }
        let bob = try scene.join("bob")
        defer { bob.close() }
        let panes = [scene.alice, bob]
        for pane in panes { try pane.waitFor("alice's turn") }
        let carol = try scene.join("carol", command: "watch")
        defer { carol.close() }
        try carol.waitFor("watching")
        let mirror = Mirror(seed: try scene.seed())
        TableLog.apply(TimedIntent(.deal, at: 0, seat: 0), to: mirror.view)
        for pane in panes { try pane.waitForStillScreen(quiet: 0.4) }

        var turns = 0
        var seatsThatPlayed = Set<Int>()
        while !mirror.view.game.isOver, turns < 40 {
            turns += 1
            let game = mirror.view.game
            let seat = game.currentPlayer
            seatsThatPlayed.insert(seat)
            let open = game.cards.indices.filter { !game.cards[$0].isMatched }
            let first = open[0]
            let mate = open.first { $0 != first && game.cards[$0].content == game.cards[first].content }!
            // Every third turn a deliberate miss, so the turn passes and both seats play.
            let second = turns % 3 == 0 ? (open.first { $0 != first && $0 != mate } ?? mate) : mate
            for target in [first, second] {
                // Both seats move their focus alike: the screens can then agree cell for cell.
                for key in mirror.keys(to: target) {
                    for pane in panes { try pane.sendKeys(key) }
                }
                let id = mirror.view.game.cards[target].id
                try panes[seat].sendKeys("Enter")
                TableLog.apply(TimedIntent(.choose(cardID: id), at: 0, seat: seat), to: mirror.view)
                for pane in panes { try pane.waitForStillScreen(quiet: 0.3) }
                let boards = try panes.map { Self.board(try $0.screen()) }
                #expect(boards[0] == boards[1], "turn \(turns): the seats disagree\n\(boards[0])\n---\n\(boards[1])")
                if boards[0] != boards[1] { return }
            }
        }
        #expect(mirror.view.game.isOver, "the whole game was played")
        #expect(seatsThatPlayed == [0, 1])
        // The end: both seats show the same final board and scores, and the scores the mirror has
        // for the pairs (each seat's pairs are the model's; bonus points depend on timing).
        let finals = try panes.map { try $0.waitForStillScreen(quiet: 0.5) }
        #expect(Self.board(finals[0]) == Self.board(finals[1]))
        let titles = finals.map { $0.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(titles[0] == titles[1])
        #expect(titles[0].contains("alice") && titles[0].contains("bob"))

        // The win page, on every seat and the watcher alike: who won (or a tie), both names and
        // scores; q leaves, and the line printed on leaving says the same.
        func winLines(_ screen: String) -> [String] {
            screen.split(separator: "\n").compactMap { row -> String? in
                let text = row.trimmingCharacters(in: CharacterSet(charactersIn: " │┃|║"))
                return text.hasSuffix("wins!") || text == "A tie!" || text.contains(" pairs, ") || text.contains(" pair, ") ? text : nil
            }
        }
        let expected = winLines(finals[0])
        #expect(expected.count == 3, "a headline and a line per seat:\n\(finals[0])")
        #expect(expected.contains { $0.hasPrefix("alice: ") } && expected.contains { $0.hasPrefix("bob: ") })
        try carol.waitForStillScreen(quiet: 0.5)
        for pane in [bob, carol] { #expect(winLines(try pane.screen()) == expected) }
        for pane in [scene.alice, bob, carol] {
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0)
            try eventually("the result on leaving") { (try pane.screen()).contains("the table's game is over: \(expected[0])") }
        }
    }
}
