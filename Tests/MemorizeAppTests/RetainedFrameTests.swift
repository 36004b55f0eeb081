import Testing
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
@testable import Memorize
@testable import MemorizeApp

/// The run loop's frames are redrawn only where they change (RetainedCanvas), and cards
/// that cannot move are not read again (PresentedCardMemo). Those are optimisations, never a
/// second renderer: every frame must equal the pure full render without the memo, and every
/// cell that changed must lie inside the damage the screen is told about. Random seeded games,
/// with every kind of input, at several sizes, on the virtual clock.
@Suite struct RetainedFrameTests {
    static func makeApp(size: Size, seed: UInt64, clock: VirtualClock, mode: GameMode = .solo) -> MemorizeApplication {
        TwinApps.makeApp(size: size, seed: seed, clock: clock, mode: mode)
    }

    /// Seeds 0…23 play solo; 24…31 against the computer, whose title shows a note for a while
    /// and whose turns move the focus and choose cards on the clock.
    @Test(arguments: 0..<32)
    func everyFrameEqualsTheFullRenderAndChangesOnlyInsideItsDamage(seed: Int) {
        var input = RandomInput(seed: UInt64(seed) &+ 1000)
        let clock = VirtualClock()
        var size = TwinApps.sizes[seed % 3]
        let app = Self.makeApp(size: size, seed: UInt64(seed), clock: clock, mode: seed < 24 ? .solo : .computer(.hard))
        var previous: Canvas?
        var retainedFrames = 0
        for step in 0..<160 {
            if let event = input.next(size: &size) { app.handle(event) }
            if app.exitCode != nil { break }
            // Frame-sized and longer steps: mid-flight, mid-flip, pie steps, settled.
            clock.advance(by: input.random.pick([1.0 / 30, 1.0 / 30, 1.0 / 60, 0.1, 0.4, 1.5]))
            app.tick()
            let frame = app.renderFrame(in: size)
            // The reference: a full render with no memo, every card read from the Animator afresh.
            app.view.renderer.presentedMemo.isEnabled = false
            let full = app.render(in: size)
            app.view.renderer.presentedMemo.isEnabled = true
            #expect(frame.canvas == full, "seed \(seed) step \(step): the retained, memoised frame is not the full render")
            if let previous, previous.size == size, !frame.damage.isEverything {
                retainedFrames += 1
                let outside = frame.canvas.changedCells(from: previous).filter { point in
                    !frame.damage.rects.contains { $0.contains(point) }
                }
                #expect(outside.isEmpty, "seed \(seed) step \(step): \(outside.count) changed cells outside the damage, e.g. \(outside.prefix(3))")
            }
            previous = frame.canvas
        }
        #expect(retainedFrames > 20, "too few frames drawn over the last one to test anything")
    }

    @Test func aFrameInWhichNothingMovesDamagesNothing() {
        let clock = VirtualClock()
        let size = Size(width: 120, height: 40)
        let app = Self.makeApp(size: size, seed: 3, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        _ = app.renderFrame(in: size)
        clock.advance(by: 1.0 / 30)
        app.tick()
        #expect(app.renderFrame(in: size).damage == .nothing)
    }

    @Test func aFlipDamagesOnlyTheTurningCard() throws {
        let clock = VirtualClock()
        let size = Size(width: 200, height: 60)
        let app = Self.makeApp(size: size, seed: 3, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        _ = app.renderFrame(in: size)
        app.handle(.key(.character(" ")))
        let card = try #require(app.view.layout.grid.itemFrames[safe: app.view.focusIndex])
        for _ in 0..<15 {
            clock.advance(by: 1.0 / 30)
            app.tick()
            let damage = app.renderFrame(in: size).damage
            #expect(!damage.isEverything)
            #expect(damage.rects.allSatisfy { card.contains($0) }, "\(damage.rects) beyond the card \(card)")
        }
    }

    /// Between two of the pie's raster steps nothing is drawn; each step is.
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 300, height: 100)])
    func theBonusPieDamagesExactlyWhenItsRasterSteps(size: Size) {
        let clock = VirtualClock()
        let app = Self.makeApp(size: size, seed: 5, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        app.handle(.key(.character(" ")))
        clock.advance(by: 0.6)
        app.tick()
        _ = app.renderFrame(in: size)
        let index = app.view.focusIndex
        func step() -> Int { app.view.cardView(at: index, time: clock.now).appearance(pies: app.view.renderer.pieRasters).pieStep }
        var last = step(), quiet = 0, stepped = 0
        #expect(last > 0)
        for _ in 0..<150 {
            clock.advance(by: 1.0 / 30)
            app.tick()
            let damage = app.renderFrame(in: size).damage
            let now = step()
            #expect(damage.isEmpty == (now == last), "damage \(damage.rects) with pie step \(last) -> \(now)")
            if now == last { quiet += 1 } else { stepped += 1 }
            last = now
        }
        #expect(stepped > 3, "the pie never stepped")
        print("pie at \(size): \(stepped) frames stepped, \(quiet) quiet")
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
