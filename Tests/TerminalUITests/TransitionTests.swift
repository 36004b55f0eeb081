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

    /// One frame of `root` on a board of 4×2 cells.
    private func board(_ root: some View, _ graph: ViewGraph) -> String {
        var canvas = Canvas(size: Size(width: 4, height: 2), fill: Cell("."))
        graph.render(root, on: &canvas)
        return canvas.plainText
    }

    private func frame(_ graph: ViewGraph) -> String {
        board(Blinker().frame(width: 4, height: 2, alignment: .topLeading), graph)
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

    struct PacedBlinker: View {
        @State var shown = true
        let transition: AnyTransition
        var body: some View {
            VStack(alignment: .leading) {
                Text("x").onTapGesture { withAnimation(.linear(duration: 1)) { shown.toggle() } }
                if shown { Text("abcd").transition(transition) }
            }
        }
    }

    private func frame(_ graph: ViewGraph, _ transition: AnyTransition) -> String {
        board(PacedBlinker(transition: transition).frame(width: 4, height: 2, alignment: .topLeading), graph)
    }

    /// Lecture 8's `AnyTransition.asymmetric(…).animation(…)`: a side with its own animation runs
    /// at its pace, not the change's; `.identity` has nothing to animate and comes at once.
    @Test func aSideWithItsOwnAnimationRunsAtItsPace() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let slowRemoval = AnyTransition.asymmetric(insertion: .identity, removal: AnyTransition.scale.animation(.linear(duration: 2)))
        #expect(frame(graph, slowRemoval) == "x...\nabcd")
        graph.tap(at: Point(x: 0, y: 0))
        #expect(frame(graph, slowRemoval) == "x...\nabcd")       // the update the tap asked for: it starts going
        clock.advance(by: 1)
        #expect(frame(graph, slowRemoval) == "x...\n.ab.", "half way through its own 2 s, past the change's 1 s")
        clock.advance(by: 1)
        #expect(frame(graph, slowRemoval) == "x...\n....")
        graph.tap(at: Point(x: 0, y: 0))
        #expect(frame(graph, slowRemoval) == "x...\nabcd", "an .identity insertion is there at once")
    }

    @Test func anIdentityRemovalGoesAtOnceAndLeavesNothingAnimating() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let graph = ViewGraph(animator: animator)
        #expect(frame(graph, .identity) == "x...\nabcd")
        graph.tap(at: Point(x: 0, y: 0))
        #expect(frame(graph, .identity) == "x...\n....")
        #expect(!animator.isAnimating(at: clock.now))
    }

    struct EquatableBlinker: View, Equatable {
        var body: some View { Blinker().frame(width: 4, height: 2, alignment: .topLeading) }
    }

    /// A leaving view shrinks frame by frame without any body evaluated, and once its presence
    /// is gone it leaves the tree, and the graph forgets it.
    @Test func aLeavingViewShrinksAndGoesWithoutEvaluatingABody() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        func draw() -> String { board(EquatableBlinker(), graph) }
        #expect(draw() == "x...\nabcd")
        graph.tap(at: Point(x: 0, y: 0))
        #expect(draw() == "x...\nabcd")
        let evaluations = graph.evaluationCount
        clock.advance(by: 0.5)
        #expect(draw() == "x...\n.ab.")
        #expect(graph.viewsLeaving == 1)
        clock.advance(by: 0.5)
        #expect(draw() == "x...\n....")
        #expect(graph.evaluationCount == evaluations)
        #expect(graph.viewsLeaving == 0)
        #expect(graph.transitioned.isEmpty)
        #expect(graph.root?.children.count == 1, "only the page is left")
    }

    /// SwiftUI's `.slide`: in from the leading edge, out towards the trailing edge, each by the
    /// view's own width.
    @Test func slideComesFromTheLeadingEdgeAndGoesTowardsTheTrailing() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        func draw() -> String { frame(graph, .slide) }
        #expect(draw() == "x...\nabcd")
        graph.tap(at: Point(x: 0, y: 0))
        _ = draw()
        clock.advance(by: 0.5)
        #expect(draw() == "x...\n..ab")       // half its width towards the trailing edge
        clock.advance(by: 0.5)
        #expect(draw() == "x...\n....")
        graph.tap(at: Point(x: 0, y: 0))
        _ = draw()
        clock.advance(by: 0.5)
        #expect(draw() == "x...\ncd..")       // from the leading edge, half in
        clock.advance(by: 0.5)
        #expect(draw() == "x...\nabcd")
    }
}
