import Testing
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
@testable import Memorize
@testable import MemorizeApp

/// The page declares every card where it belongs at every evaluation, as a SwiftUI body declares
/// every view, and the runtime's matched geometry gives each card's frame track that target; the
/// Animator leaves a track whose target is unchanged alone
/// (AnimationTests.unchangedTargetLeavesARunningAnimationAlone). So evaluating the cards a change
/// did not touch again must start nothing: only what changed moves.
@Suite struct MatchedFramesTests {
    /// A choice starts the animations of the card it turns (its CardView's turn and pie, in the
    /// runtime), and of no other card; the page moves no card's frame.
    @Test func aChoiceMovesOnlyTheCardItTurns() {
        let clock = VirtualClock()
        let app = GameFrameTests.makeApp(size: Size(width: 120, height: 40), seed: 3, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        #expect(!app.isAnimating)
        let graph = app.view.renderer.graph
        let evaluations = graph.evaluationCount
        app.handle(.key(.character(" ")))
        let chosen = app.view.game.cards[app.view.focusIndex]
        #expect(chosen.isFaceUp)
        #expect(graph.evaluationCount > evaluations, "the choice evaluated no views")
        let moving = app.view.game.cards.map(\.id).filter { id in
            graph.matchedGeometryTrack(id: id).map { app.view.animator.mayMove(id: $0.id) } ?? true
        }
        #expect(moving.isEmpty, "frames moving after one choice: \(moving)")
        let running = app.view.animator.runningAnimations(at: clock.now).map(\.key)
        let owners = running.map { app.view.renderer.graph.owner(of: $0) }
        #expect(!running.isEmpty && owners.allSatisfy { $0?.components.contains(.id(ViewID.ElementID(chosen.id))) == true },
                "animations after one choice: \(zip(running, owners).map { "\($0.property) of \(String(describing: $1))" })")
    }

    /// Every input that moves cards (deal, choose, shuffle, restart, new game, theme change,
    /// clicks, resizes), in solo games and against the computer: after each, evaluating every card
    /// again in a transaction, with nothing changed, leaves every matched frame and presence as it
    /// was (presented value, target, whether it moves) and the frame drawn the same. That is what
    /// lets a body declare everything every time.
    @Test(arguments: 0..<16)
    func declaringUnchangedCardsAgainChangesNothing(seed: Int) {
        var input = RandomInput(seed: UInt64(seed) &+ 7000)
        input.keys += [.character("d"), .character("d")]
        input.resizeOneIn = 15
        let clock = VirtualClock()
        var size = TwinApps.sizes[seed % 3]
        let app = GameFrameTests.makeApp(size: size, seed: UInt64(seed), clock: clock, mode: seed < 12 ? .solo : .computer(.medium))
        func tracks() -> [String] {
            let animator = app.view.animator, graph = app.view.renderer.graph
            return app.view.game.cards.flatMap { card in
                let frame = graph.matchedGeometryTrack(id: card.id)
                let presence = graph.animationKey(property: "presence", under: .id(ViewID.ElementID(card.id)))
                return ["\(card.id) moves \(frame.map { animator.mayMove(id: $0.id) } ?? false)"] + [("frame", frame), ("presence", presence)].map { property, key in
                    let shown = key.map { "\(String(describing: animator.presentedData($0, at: clock.now))) -> \(String(describing: animator.targetData($0)))" }
                    return "\(card.id) \(property) \(shown ?? "none")"
                }
            }
        }
        for step in 0..<200 {
            if let event = input.next(size: &size) { app.handle(event) }
            if app.exitCode != nil { break }
            clock.advance(by: input.random.pick([1.0 / 30, 0.1, 0.4, 1.5, 4.0]))
            app.tick()
            let frame = app.render(in: size), before = tracks()     // drawn first: the runtime's tracks are made by evaluating
            app.view.withAnimation {}
            #expect(tracks() == before, "seed \(seed) step \(step): declaring unchanged cards again changed a track")
            #expect(app.render(in: size) == frame, "seed \(seed) step \(step): declaring unchanged cards again changed the frame")
        }
    }
}
