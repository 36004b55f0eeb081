import Testing
@testable import TerminalUI

/// The drawing modifiers lecture 8's CardView uses, in a graph: a pie counting down through
/// `@State` and a transaction (no track declared), `.rotation3DEffect` squeezing the shapes it
/// turns, `.opacity` over cells, `.rotationEffect`'s running light, `.scaleEffect` for one glyph size.
@Suite struct ViewEffectsTests {
    private func frame(_ graph: ViewGraph, _ view: some View, _ size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        graph.render(view.frame(width: size.width, height: size.height, alignment: .topLeading), on: &canvas)
        return canvas
    }

    /// Lecture 8's countdown, as CardView writes it.
    struct Countdown: View {
        var remaining: Double
        var duration: Double
        @State private var animatedBonusRemaining: Double = 0
        var body: some View {
            Pie(startAngle: Angle(degrees: 0-90), endAngle: Angle(degrees: (1-animatedBonusRemaining)*360-90))
                .fill(.plain)
                .onAppear {
                    animatedBonusRemaining = remaining
                    withAnimation(.linear(duration: duration)) { animatedBonusRemaining = 0 }
                }
        }
    }

    /// The pie as drawn straight from its shape with `remaining` of the bonus left.
    private func pie(remaining: Double, _ size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        Pie(startAngle: Angle(degrees: -90), endAngle: Angle(degrees: (1 - remaining) * 360 - 90))
            .fill(in: canvas.bounds, on: &canvas, style: .plain)
        return canvas
    }

    @Test func statePieCountsDownByATransaction() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let size = Size(width: 8, height: 4)
        let view = Countdown(remaining: 1, duration: 4)
        #expect(frame(graph, view, size) == pie(remaining: 1, size))
        clock.advance(by: 1)
        #expect(frame(graph, view, size) == pie(remaining: 0.75, size))
        clock.advance(by: 1)
        let half = frame(graph, view, size)
        #expect(half == pie(remaining: 0.5, size))
        // The golden: the left half, mid-countdown.
        #expect(half.plainText == "⢀⣴⣾⣿\n⣾⣿⣿⣿\n⢿⣿⣿⣿\n⠈⠻⢿⣿", "\(half.plainText)")
        #expect(graph.keptState.contains { $0.label == "animatedBonusRemaining" && $0.value == "0.0" })
        clock.advance(by: 2)
        #expect(frame(graph, view, size).plainText.allSatisfy { $0 == " " || $0 == "\n" })
    }

    @Test func rotation3DEffectSqueezesAShapeRasterisedAtItsRestingSize() {
        let graph = ViewGraph(animator: Animator(clock: VirtualClock()))
        let size = Size(width: 10, height: 4)
        let full = Pie(startAngle: Angle(degrees: -90), endAngle: Angle(degrees: 0))
        let turned = frame(graph, full.fill(.plain).rotation3DEffect(Angle(degrees: 60), axis: (x: 0, y: 1, z: 0)), size)
        // |cos 60°| = 0.5: five columns, centred; the dots of the 10-wide pie moved to them.
        var expected = Canvas(size: size)
        full.raster(for: size).squeezed(toWidth: 5).draw(at: Point(x: 3, y: 0), on: &expected, style: .plain, glyphs: .braille)
        #expect(turned == expected)
        #expect(turned != frame(graph, full.fill(.plain).frame(width: 5).offset(x: 3), size), "not a pie drawn 5 wide")
    }

    @Test func opacityBlendsTheInkItDrawsIntoItsBackground() {
        let graph = ViewGraph()
        let ink = Style(foreground: .rgb(200, 0, 0), background: .rgb(0, 0, 200))
        let half = frame(graph, Text("ab", style: ink).opacity(0.5), Size(width: 3, height: 1))
        #expect(half[0, 0].style.foreground == .rgb(100, 0, 100) && half[1, 0].text == "b")
        #expect(half[2, 0] == .blank, "cells it does not write keep theirs")
        #expect(frame(graph, Text("ab").opacity(0.5), Size(width: 3, height: 1))[0, 0].style == Style(dim: true))
        #expect(frame(graph, Text("ab", style: ink).opacity(0), Size(width: 3, height: 1)).plainText == "")
    }

    struct Spinner: View {
        var spinning: Bool
        var body: some View {
            Text("x")
                .rotationEffect(Angle(degrees: spinning ? 360 : 0), light: Style(bold: true))
                .animation(Animation.linear(duration: 1).repeatForever(autoreverses: false), value: spinning)
                .padding(1)
        }
    }

    @Test func rotationEffectIsALightRunningRoundTheRingOutsideTheView() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let size = Size(width: 4, height: 3)
        func lit(_ canvas: Canvas) -> [Point] {
            (0..<3).flatMap { y in (0..<4).map { Point(x: $0, y: y) } }.filter { canvas[$0.x, $0.y].style.bold }
        }
        #expect(lit(frame(graph, Spinner(spinning: false), size)).isEmpty, "at rest: no light")
        // The ring round the 2x1 view is the 4x3 border: 10 cells clockwise from the top left.
        // At 0.5 s the head is at cell 5 (right edge, bottom row), trailing up the right edge.
        _ = frame(graph, Spinner(spinning: true), size)
        clock.advance(by: 0.5)
        let half = lit(frame(graph, Spinner(spinning: true), size))
        #expect(Set(half) == [Point(x: 3, y: 2), Point(x: 3, y: 1), Point(x: 3, y: 0)], "\(half)")
        clock.advance(by: 1)
        #expect(Set(lit(frame(graph, Spinner(spinning: true), size))) == Set(half), "a lap a second, forever")
    }

    @Test func scaleEffectDrawsATextWholeOrNotAtAll() {
        let graph = ViewGraph()
        #expect(frame(graph, Text("🚗").scaleEffect(0.5), Size(width: 2, height: 1)).plainText == "🚗")
        #expect(frame(graph, Text("ab").scaleEffect(0.5), Size(width: 1, height: 1)).plainText == "")
        #expect(frame(graph, Text("ab").scaleEffect(0), Size(width: 2, height: 1)).plainText == "")
    }

    /// Lecture 8's `.font(font(in: geometry.size))`: one glyph size, so a text is drawn whole or
    /// not at all, and not at a size of 0 (a card with no room).
    @Test func fontDrawsATextWholeOrNotAtAll() {
        let graph = ViewGraph()
        #expect(frame(graph, Text("🚗").font(.system(size: 1.4)), Size(width: 2, height: 1)).plainText == "🚗")
        #expect(frame(graph, Text("ab").font(.system(size: 0.7)), Size(width: 1, height: 1)).plainText == "")
        #expect(frame(graph, Text("ab").font(.system(size: 0)), Size(width: 2, height: 1)).plainText == "")
    }
}
