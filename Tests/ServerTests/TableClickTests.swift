import Foundation
import Memorize
@testable import MemorizeApp
import MemorizeTestSupport
import Testing

extension ServerTests.Tables {
    /// A click plays at a table as in a solo game: on a card, it chooses that card for the seat on
    /// turn, on every screen; from the seat not on turn or from a watcher it changes nothing.
    @Test func aClickChoosesForTheSeatOnTurnAndNobodyElse() throws {
        let scene = try Scene()
        defer { scene.close() }
        let bob = try scene.join("bob")
        defer { bob.close() }
        for pane in [scene.alice, bob] { try pane.waitFor("alice's turn") }
        let carol = try scene.join("carol", command: "watch")
        defer { carol.close() }
        try carol.waitFor("watching")
        let mirror = Mirror(seed: try scene.seed())
        TableLog.apply(TimedIntent(.deal, at: 0, seat: 0), to: mirror.view)
        for pane in [scene.alice, bob, carol] { try pane.waitForStillScreen(quiet: 0.4) }
        let frame = mirror.view.layout.grid.itemFrames[0]
        let (x, y) = (frame.minX + frame.width / 2, frame.minY + frame.height / 2)
        let dealt = Self.board(try scene.alice.screen())
        #expect(Self.board(try bob.screen()) == dealt)

        // Bob is not on turn, Carol watches: their clicks change no board.
        try bob.click(x: x, y: y)
        try bob.waitFor("it is alice's turn")
        try carol.click(x: x, y: y)
        try carol.waitFor("your clicks change nothing")
        usleep(500_000)
        #expect(Self.board(try scene.alice.screen()) == dealt)
        #expect(Self.board(try bob.screen()) == dealt)

        // Alice's click turns the card on both seats' screens.
        try scene.alice.click(x: x, y: y)
        try eventually("the card to turn on alice's screen") { Self.board(try scene.alice.screen()) != dealt }
        for pane in [scene.alice, bob] { try pane.waitForStillScreen(quiet: 0.4) }
        let turned = Self.board(try scene.alice.screen())
        #expect(turned != dealt)
        #expect(Self.board(try bob.screen()) == turned)
        #expect(!(try scene.alice.screen()).contains("choose with the arrows"))
    }
}
