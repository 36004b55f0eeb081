import Testing
@testable import TerminalUI

/// `.matchedGeometryEffect(id:in:)` with `@Namespace`: the view leaving one place and the view
/// coming at another are one frame, which travels with the transaction's animation.
@Suite struct MatchedGeometryTests {
    struct Dealer: View {
        @Namespace var table
        @State var dealt = false
        var body: some View {
            HStack {
                if !dealt { Text("#").matchedGeometryEffect(id: 1, in: table) }
                Spacer()
                if dealt { Text("#").matchedGeometryEffect(id: 1, in: table) }
            }
            .onTapGesture { withAnimation(.linear(duration: 1)) { dealt = true } }
        }
    }

    private func frame(_ graph: ViewGraph) -> String {
        var canvas = Canvas(size: Size(width: 9, height: 1), fill: Cell("."))
        graph.render(Dealer(), on: &canvas)
        return canvas.plainText
    }

    @Test func theFrameFliesFromWhereTheOneViewLeftToWhereTheOtherCame() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        #expect(frame(graph) == "#........")
        #expect(!graph.tap(at: Point(x: 3, y: 0)))     // the spacer: nothing drawn there to tap
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(frame(graph) == "#........")
        clock.advance(by: 0.5)
        #expect(frame(graph) == "....#....")
        clock.advance(by: 0.5)
        #expect(frame(graph) == "........#")
        #expect(graph.keptState.contains { $0.label == "table" })
    }
}
