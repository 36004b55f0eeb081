import Testing
@testable import TerminalUI

/// `.transition(.scale)`: an animated removal keeps the view drawn, shrinking about its centre,
/// until it is gone; an animated insertion grows it from nothing.
@Suite struct TransitionTests {
    struct Blinker: View {
        @State var shown = true
        var body: some View {
            VStack(alignment: .leading) {
                Text("x").onTapGesture { withAnimation(.linear(duration: 1)) { shown.toggle() } }
                if shown { Text("abcd").transition(.scale) }
            }
        }
    }

    private func frame(_ graph: ViewGraph) -> String {
        var canvas = Canvas(size: Size(width: 4, height: 2), fill: Cell("."))
        graph.render(Blinker().frame(width: 4, height: 2, alignment: .topLeading), on: &canvas)
        return canvas.plainText
    }

    @Test func removalAndInsertionScaleWithTheTransaction() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        #expect(frame(graph) == "x...\nabcd")
        graph.tap(at: Point(x: 0, y: 0))
        #expect(frame(graph) == "x...\nabcd")
        clock.advance(by: 0.5)
        #expect(frame(graph) == "x...\n.ab.")
        clock.advance(by: 0.5)
        #expect(frame(graph) == "x...\n....")
        graph.tap(at: Point(x: 0, y: 0))
        #expect(frame(graph) == "x...\n....")
        clock.advance(by: 0.5)
        #expect(frame(graph) == "x...\n.ab.")
        clock.advance(by: 0.5)
        #expect(frame(graph) == "x...\nabcd")
    }
}
