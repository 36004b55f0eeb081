import Testing
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
@testable import Memorize
@testable import MemorizeApp

/// A model change re-declares the Animator targets of only the cards it changed
/// (DeclaredTargets). That is an optimisation, never a different animation: two apps playing the
/// same random game, one declaring every card every time, must hold the same targets and
/// revisions after every input and every tick, and draw the same frames.
@Suite struct DeclaredTargetsTests {
    /// Every input that moves cards: deal, choose, shuffle, restart, new game, theme change,
    /// mouse clicks on cards, deck and buttons, resizes; in solo games and against the computer.
    @Test(arguments: 0..<16)
    func skippingUnchangedCardsLeavesEveryTargetAsDeclaringThemAll(seed: Int) {
        var input = RandomInput(seed: UInt64(seed) &+ 7000)
        input.keys += [.character("d"), .character("d")]
        input.resizeOneIn = 15
        let skipping = VirtualClock(), declaring = VirtualClock()
        var size = TwinApps.sizes[seed % 3]
        let mode: GameMode = seed < 12 ? .solo : .computer(.medium)
        let app = RetainedFrameTests.makeApp(size: size, seed: UInt64(seed), clock: skipping, mode: mode)
        let reference = RetainedFrameTests.makeApp(size: size, seed: UInt64(seed), clock: declaring, mode: mode)
        reference.view.targets.declared.isEnabled = false
        for step in 0..<200 {
            if let event = input.next(size: &size) {
                app.handle(event)
                reference.handle(event)
            }
            if app.exitCode != nil || reference.exitCode != nil { break }
            let advance = input.random.pick([1.0 / 30, 0.1, 0.4, 1.5, 4.0])
            skipping.advance(by: advance)
            declaring.advance(by: advance)
            app.tick()
            reference.tick()
            let ids = Set(app.view.game.cards.map(\.id) + reference.view.game.cards.map(\.id))
            for id in ids.sorted() {
                for property in CardTargets.Property.allCases {
                    let key = CardTargets.key(id, property)
                    // Any track's target (a frame, a Cardify, a Pie or a number), compared as printed.
                    #expect(String(describing: app.view.animator.targetData(key)) == String(describing: reference.view.animator.targetData(key)),
                            "seed \(seed) step \(step): card \(id) \(property) targets differ")
                }
                #expect(app.view.animator.revision(of: id) == reference.view.animator.revision(of: id),
                        "seed \(seed) step \(step): card \(id)'s tracks changed differently")
            }
            #expect(app.render(in: size) == reference.render(in: size), "seed \(seed) step \(step): frames differ")
        }
        #expect(app.view.targets.declared.declarations < reference.view.targets.declared.declarations / 2,
                "seed \(seed): nearly every card was declared again anyway")
    }

    /// The optimisation is real: a choice declares only the card it turns.
    @Test func aChoiceDeclaresOnlyTheCardItTurns() {
        let clock = VirtualClock()
        let app = RetainedFrameTests.makeApp(size: Size(width: 120, height: 40), seed: 3, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        let before = app.view.targets.declared.declarations
        app.handle(.key(.character(" ")))
        #expect(app.view.game.cards[app.view.focusIndex].isFaceUp)
        #expect(app.view.targets.declared.declarations == before + 1)
    }
}
