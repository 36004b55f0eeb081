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

    /// One frame of `root` on a row of 9 cells.
    private func row(_ root: some View, _ graph: ViewGraph) -> String {
        var canvas = Canvas(size: Size(width: 9, height: 1), fill: Cell("."))
        graph.render(root, on: &canvas)
        return canvas.plainText
    }

    private func frame(_ graph: ViewGraph) -> String { row(Dealer(), graph) }

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

    private func matchedNode(in node: ViewNode?) -> ViewNode? {
        guard let node else { return nil }
        if node.matchedGeometry != nil { return node }
        return node.children.lazy.compactMap { self.matchedNode(in: $0) }.first
    }

    /// In flight, the view lies where its track is presented, between cells: its cells are that
    /// frame rounded, and the fraction is kept for what draws in eighths (`rotation3DEffect`).
    @Test func aViewInFlightLiesBetweenCells() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        _ = frame(graph)
        graph.tap(at: Point(x: 0, y: 0))
        _ = frame(graph)                                // the update the tap asked for: the flight starts
        clock.advance(by: 0.3)
        #expect(frame(graph) == "..#......")
        let node = matchedNode(in: graph.root)
        #expect(node?.fractionalFrame.map { abs($0.x - 2.4) < 1e-9 } == true, "\(String(describing: node?.fractionalFrame))")
        #expect(node?.frame.minX == 2)
        // An `Int` id finds its group's track however it is given.
        #expect(graph.matchedGeometryTrack(id: 1) != nil)
        #expect(graph.matchedGeometryTrack(id: 1) == graph.matchedGeometryTrack(id: AnyHashable(1)))
        #expect(graph.matchedGeometryTrack(id: 2) == nil && graph.matchedGeometryTrack(id: "1") == nil)
        clock.advance(by: 0.7)
        _ = frame(graph)
        #expect(matchedNode(in: graph.root)?.fractionalFrame == nil, "at rest it lies on whole cells")
    }

    /// An `Equatable` root whose views did not change is refreshed without being evaluated (an
    /// animation frame); the frame after a flight ends must still draw the view at its target, not
    /// where the last evaluation placed it a moment before.
    struct EquatableDealer: View, Equatable {
        var body: some View { Dealer() }
    }

    @Test func theFrameAfterAFlightEndsDrawsTheViewAtItsTarget() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        func draw() -> String { row(EquatableDealer(), graph) }
        #expect(draw() == "#........")
        graph.tap(at: Point(x: 0, y: 0))
        #expect(draw() == "#........")
        clock.advance(by: 0.9)
        #expect(draw() != "........#")
        clock.advance(by: 0.5)
        #expect(draw() == "........#")
        #expect(draw() == "........#")
    }

    /// SwiftUI moves a matched view without evaluating a body: between the change and the
    /// landing no body is evaluated, and each frame still draws the view where its frame is now.
    @Test func aFlightMovesWithoutEvaluatingABody() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        func draw() -> String { row(EquatableDealer(), graph) }
        _ = draw()
        graph.tap(at: Point(x: 0, y: 0))
        #expect(draw() == "#........")
        let evaluations = graph.evaluationCount
        clock.advance(by: 0.25)
        #expect(draw() == "..#......")
        clock.advance(by: 0.5)
        #expect(draw() == "......#..")
        clock.advance(by: 0.25)
        #expect(draw() == "........#")
        #expect(graph.evaluationCount == evaluations)
    }

    /// A modifier whose `animatableData` moves its content right.
    struct Slide: ViewModifier, Animatable {
        var amount: Double
        var animatableData: Double {
            get { amount }
            set { amount = newValue }
        }
        func body(content: AnyView) -> some View { content.offset(x: Int(amount.rounded())) }
    }

    /// A matched view that animates inside as it moves (a card turning as it goes back to the deck).
    struct Mover: View, Equatable {
        var amount: Double
        var body: some View { ModifiedContent(content: AnyView(Text("#")), modifier: Slide(amount: amount)) }
    }

    struct SlidingDealer: View {
        @Namespace var table
        @State var dealt = false
        var body: some View {
            HStack(spacing: 0) {
                if dealt { Spacer() }
                Mover(amount: dealt ? 0 : 2).matchedGeometryEffect(id: 1, in: table).frame(width: 1, height: 1)
                if !dealt { Spacer() }
            }
            .onTapGesture { withAnimation(.linear(duration: 1)) { dealt = true } }
        }
    }

    struct EquatableSlidingDealer: View, Equatable {
        var body: some View { SlidingDealer() }
    }

    /// Its body, evaluated again by an animation frame for what moves inside it, makes a new
    /// node: that node flies on from where the old one was.
    @Test func aViewAnimatingInsideKeepsFlying() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        func draw() -> String { row(EquatableSlidingDealer(), graph) }
        #expect(draw() == "..#......")       // its frame at 0, its content 2 along
        graph.tap(at: Point(x: 2, y: 0))
        #expect(draw() == "..#......")
        let evaluations = graph.evaluationCount
        clock.advance(by: 0.25)
        #expect(draw() == "....#....")       // 2 + 1.5, rounded
        clock.advance(by: 0.25)
        #expect(draw() == ".....#...")       // 4 + 1
        #expect(graph.tapTarget(at: Point(x: 5, y: 0)) != nil, "hit where it is drawn")
        clock.advance(by: 0.5)                 // it lands and stops moving inside at once
        #expect(draw() == "........#")
        #expect(graph.evaluationCount == evaluations)
    }
}
