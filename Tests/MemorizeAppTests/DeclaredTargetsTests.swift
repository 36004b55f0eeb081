import Testing
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
@testable import Memorize
@testable import MemorizeApp

/// Issue 11: a model change re-declares the Animator targets of only the cards it changed
/// (DeclaredTargets). That is an optimisation, never a different animation: two apps playing the
/// same random game, one declaring every card every time, must hold the same targets and
/// revisions after every input and every tick, and draw the same frames.
@Suite struct DeclaredTargetsTests {
    /// Every input that moves cards: deal, choose, shuffle, restart, new game, theme change,
    /// mouse clicks on cards, deck and buttons, resizes; in solo games and against the computer.
    @Test(arguments: 0..<16)
    func skippingUnchangedCardsLeavesEveryTargetAsDeclaringThemAll(seed: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 7000)
        let skipping = VirtualClock(), declaring = VirtualClock()
        var size = RetainedFrameTests.sizes[seed % 3]
        let mode: GameMode = seed < 12 ? .solo : .computer(.medium)
        let app = RetainedFrameTests.makeApp(size: size, seed: UInt64(seed), clock: skipping, mode: mode)
        let reference = RetainedFrameTests.makeApp(size: size, seed: UInt64(seed), clock: declaring, mode: mode)
        reference.view.declaredTargets.isEnabled = false
        for step in 0..<200 {
            let event: Event?
            switch random.below(10) {
            case 0..<5: event = .key(random.pick(RetainedFrameTests.keys + [.character("d"), .character("d")]))
            case 5..<8:
                event = .mouse(MouseEvent(.press, at: Point(x: random.below(size.width), y: random.below(size.height))))
            case 8 where random.chance(15):
                size = random.pick(RetainedFrameTests.sizes)
                event = .resize(size)
            default: event = nil
            }
            if let event {
                app.handle(event)
                reference.handle(event)
            }
            if app.exitCode != nil || reference.exitCode != nil { break }
            let advance = random.pick([1.0 / 30, 0.1, 0.4, 1.5, 4.0])
            skipping.advance(by: advance)
            declaring.advance(by: advance)
            app.tick()
            reference.tick()
            let ids = Set(app.view.game.cards.map(\.id) + reference.view.game.cards.map(\.id))
            for id in ids.sorted() {
                for property in EmojiMemoryGameView.Property.allCases {
                    let key = app.view.key(id, property)
                    #expect(app.view.animator.target(key) == reference.view.animator.target(key),
                            "seed \(seed) step \(step): card \(id) \(property) targets differ")
                }
                #expect(app.view.animator.revision(of: id) == reference.view.animator.revision(of: id),
                        "seed \(seed) step \(step): card \(id)'s tracks changed differently")
            }
            #expect(app.render(in: size) == reference.render(in: size), "seed \(seed) step \(step): frames differ")
        }
        #expect(app.view.declaredTargets.declarations < reference.view.declaredTargets.declarations / 2,
                "seed \(seed): nearly every card was declared again anyway")
    }

    /// The optimisation is real: a choice declares only the card it turns.
    @Test func aChoiceDeclaresOnlyTheCardItTurns() {
        let clock = VirtualClock()
        let app = RetainedFrameTests.makeApp(size: Size(width: 120, height: 40), seed: 3, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        let before = app.view.declaredTargets.declarations
        app.handle(.key(.character(" ")))
        #expect(app.view.game.cards[app.view.focusIndex].isFaceUp)
        #expect(app.view.declaredTargets.declarations == before + 1)
    }
}
