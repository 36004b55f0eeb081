import Foundation
import Testing
import Memorize
import TerminalUI
@testable import MemorizeApp

/// Lecture 8's point, checked on the drawn cells: a `withAnimation` transaction animates
/// `Cardify`'s `animatableData` (its rotation), which nobody declared as a track, and the width
/// the card is drawn at follows it.
@Suite struct AnimatableDataTests {
    /// The cells drawn across the middle row of `slot`: the card's width on screen.
    private func drawnWidth(in canvas: Canvas, slot: Rect) -> Int {
        let row = slot.minY + slot.height / 2
        return (slot.minX..<slot.maxX).filter { canvas[$0, row].text != " " }.count
    }

    @Test func drawnWidthFollowsCardifysAnimatableData() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        let card = h.view.game.cards[0]
        let slot = h.view.layout.grid.itemFrames[0]
        #expect(drawnWidth(in: h.render(), slot: slot) == slot.width, "face down, settled: full width")

        // The lecture's intent in a transaction of our own: 180° (back) to 0° (face), linearly over 1 s.
        h.view.withAnimation(.linear(duration: 1)) { h.view.game.choose(card) }
        var seen: [Int] = []
        for step in 1...9 {
            h.clock.advance(by: 0.1)
            _ = h.render()
            let data = h.card(0).rotation
            #expect(abs(data - (180 - 18 * Double(step))) < 1e-9, "linear: \(data) at step \(step)")
            // Edges in eighths of a cell (EighthSpan): the cells drawn are the span's footprint, and
            // the span is |cos θ| of the width to within an eighth at each edge.
            let span = Self.span(data, FloatRect(slot))
            let expected = span.footprint.count
            let exact = abs(cos(data * .pi / 180)) * Double(slot.width)
            #expect(abs(Double(span.end - span.start) / 8 - exact) <= 0.25 + 1e-9, "\(data)°: span \(span) for |cos θ|·w \(exact)")
            let width = drawnWidth(in: h.render(), slot: slot)
            #expect(width == expected, "\(data)°: drawn \(width), |cos θ| of the width covers \(expected)")
            seen.append(width)
        }
        // Narrowing to a sliver at 90° and widening again, as |cos θ| does.
        #expect(seen.min()! <= 2 && seen.first! > seen.min()! && seen.last! > seen.min()!, "\(seen)")
        #expect(Cardify.projection(of: FloatRect(slot), rotation: 60, inEighths: false).cells.width < slot.width)
    }

    /// The card's extent in eighths as Cardify's rotation3DEffect draws it (whole cells when no
    /// end lies inside one).
    private static func span(_ rotation: Double, _ frame: FloatRect) -> EighthSpan {
        let turned = Cardify.projection(of: frame, rotation: rotation, inEighths: true)
        return turned.span ?? EighthSpan(start: turned.cells.minX * 8, end: turned.cells.maxX * 8)
    }

    @Test func pieAnglesAreTheAnimatableDataTheAnimatorInterpolates() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        animator.animate(Pie.bonus(remaining: 0), from: Pie.bonus(remaining: 1), for: 7, animation: .linear(duration: 4))
        clock.advance(by: 1)
        let pie = animator.presented(Pie.bonus(remaining: 1), for: 7, at: clock.now)
        #expect(pie.startAngle == -90 && abs(pie.endAngle - 0) < 1e-9, "a quarter of the way: \(pie)")
        #expect(abs(pie.bonusRemaining - 0.75) < 1e-9)
        // A card's frame animates as AnimatablePair(origin, size), like CGRect.
        let key = AnimationKey(7, "frame")
        animator.setTarget(key, data: FloatRect(x: 0, y: 0, width: 10, height: 4).animatableData, animation: nil)
        animator.setTarget(key, data: FloatRect(x: 20, y: 8, width: 20, height: 8).animatableData, animation: .linear(duration: 2))
        clock.advance(by: 1)
        #expect(animator.presented(FloatRect(x: 0, y: 0, width: 0, height: 0), key: key, at: clock.now)
                == FloatRect(x: 10, y: 4, width: 15, height: 6))
    }
}
