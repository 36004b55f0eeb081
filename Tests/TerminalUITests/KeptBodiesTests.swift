import Testing
@testable import TerminalUI

/// A body is evaluated again only when its view's inputs changed (KeptBodies.swift): an
/// `Equatable` view equal to the last one keeps its nodes, unless something under it animates
/// or a state changed; what it owns (`@State`, appearances, animations) is not dropped meanwhile.
@Suite struct KeptBodiesTests {
    private func frame(_ graph: ViewGraph, _ view: some View, _ size: Size = Size(width: 8, height: 4)) -> Canvas {
        var canvas = Canvas(size: size, fill: Cell("."))
        graph.render(view.frame(width: size.width, height: size.height, alignment: .topLeading), on: &canvas)
        return canvas
    }

    /// A card-like view: a label, a counter in `@State` (a click counts), an `onAppear` that
    /// runs once. Of a fixed size, as a card is: its own state change evaluates it alone.
    struct Tile: View, Equatable {
        var label: String
        @State private var clicks = 0
        @State private var appearances = 0
        var body: some View {
            Text("\(label)\(clicks)\(appearances)")
                .frame(width: 3, height: 1)
                .onTapGesture { clicks += 1 }
                .onAppear { appearances += 1 }
        }
    }

    struct Row: View {
        var labels: [String]
        var body: some View {
            VStack(alignment: .leading) { ForEach(labels, id: \.self) { Tile(label: $0) } }
        }
    }

    /// Regression: a node linked back to its kept body strongly, and the body holds its node, so
    /// every body evaluated again stayed in memory with its nodes (about 10 MiB a deal).
    @Test func aBodyEvaluatedAgainLetsTheOneBeforeGo() {
        let graph = ViewGraph()
        _ = frame(graph, Row(labels: ["a"]))
        weak let before = graph.keptBodies.values.first { $0.view is Tile }
        #expect(before != nil)
        _ = frame(graph, Row(labels: ["a"]))
        #expect(before != nil)                                     // equal: kept
        _ = frame(graph, Row(labels: ["b"]))
        #expect(before == nil)                                     // gone with its view
    }

    /// A node may outlive its kept body (a body evaluated again makes a new one): its link back
    /// then reads nil, as a `weak` one did (KeptBody.deinit clears it; the link is not `weak`,
    /// which made every retain of a kept body slow).
    @Test func aNodeOutlivingItsKeptBodyLinksToNone() {
        let graph = ViewGraph()
        _ = frame(graph, Row(labels: ["a"]))
        let node = graph.keptBodies.values.first { $0.view is Tile }?.node
        #expect(node?.keptBody != nil)
        _ = frame(graph, Row(labels: ["a"]))
        #expect(node?.keptBody != nil)                             // equal: kept
        _ = frame(graph, Row(labels: ["b"]))
        #expect(node != nil && node?.keptBody == nil)              // its body went with its view
    }

    /// A `@State` may outlive its graph (a view value held elsewhere): set then, it tells no one
    /// (GraphLink reads nil once the graph went) rather than reaching a graph that is gone.
    @Test func aStateSetAfterItsGraphWentTellsNoOne() throws {
        var graph: ViewGraph? = ViewGraph()
        _ = frame(graph!, Row(labels: ["a"]))
        let id = try #require(graph!.keptBodies.values.first { $0.view is Tile }?.id)
        let location = try #require(graph!.stateLocation(id: id, label: "clicks") as? StateLocation<Int>)
        let link = graph!.link
        weak let gone = graph
        graph = nil
        #expect(gone == nil && link.graph == nil && location.graph == nil)
        location.value = 5
        #expect(location.value == 5)
    }

    @Test func anEqualViewKeepsItsBodyAndItsState() {
        let graph = ViewGraph()
        #expect(frame(graph, Row(labels: ["a", "b"])).plainText.hasPrefix("a01.....\nb01"))
        #expect(graph.tap(at: Point(x: 0, y: 1)))
        // The click changed b's state: b's body is evaluated again, a's is kept. (`evaluated`
        // counts every body evaluated: `Row`, which is not `Equatable`, is evaluated each time.)
        #expect(frame(graph, Row(labels: ["a", "b"])).plainText.hasPrefix("a01.....\nb11"))
        #expect(graph.bodyCounts.evaluated == 2)
        #expect(graph.bodyCounts.kept == 1)
        // Nothing changed: both tiles keep their bodies, and their state and appearances stay.
        for _ in 0..<3 {
            #expect(frame(graph, Row(labels: ["a", "b"])).plainText.hasPrefix("a01.....\nb11"))
            #expect(graph.bodyCounts.kept == 2)
            #expect(graph.bodyCounts.evaluated == 1)
        }
        #expect(graph.keptState.filter { $0.label == "clicks" }.map(\.value).sorted() == ["0", "1"])
        // A new tile: it alone is evaluated with `Row`, then once more alone, as its onAppear
        // changes its own state (ViewGraph.reevaluateStateOwners): not the whole tree again.
        let evaluations = graph.evaluationCount
        #expect(frame(graph, Row(labels: ["a", "c", "b"])).plainText.hasPrefix("a01.....\nc01.....\nb11"))
        #expect(graph.evaluationCount == evaluations + 1)
        #expect(graph.bodyCounts.kept == 2)
        #expect(graph.bodyCounts.evaluated == 3)
        // A kept tile's click still reaches its own state.
        #expect(graph.tap(at: Point(x: 0, y: 2)))
        #expect(frame(graph, Row(labels: ["a", "c", "b"])).plainText.hasPrefix("a01.....\nc01.....\nb21"))
    }

    /// How many times a view's `GeometryReader` made its content.
    final class MadeCount { var value = 0 }

    /// A view of the size it is offered that shows its width and its clicks (in `@State`).
    struct Sized: View, Equatable {
        let made: MadeCount
        @State private var clicks = 0
        var body: some View { GeometryReader { content(for: $0) } }
        private func content(for proxy: GeometryProxy) -> some View {
            made.value += 1
            return Text("\(clicks)w\(proxy.size.width)").onTapGesture { clicks += 1 }
        }
        static func == (lhs: Sized, rhs: Sized) -> Bool { lhs.made === rhs.made }
    }

    /// A kept view that only moves (a card in flight) is laid out where it went with what its
    /// layout made: a `GeometryReader`'s content is made for a size, its proxy, not for a
    /// place. A new size makes it again; the view's state stays throughout.
    @Test func aKeptViewThatMovesKeepsWhatItsLayoutMade() {
        let graph = ViewGraph()
        let made = MadeCount()
        func draw(x: Int, width: Int) -> String {
            frame(graph, Sized(made: made).frame(width: width, height: 1).offset(x: x), Size(width: 12, height: 1)).plainText
        }
        #expect(draw(x: 0, width: 4) == "0w4.........")
        #expect(made.value == 1)
        #expect(draw(x: 3, width: 4) == "...0w4......")
        #expect(draw(x: 5, width: 4) == ".....0w4....")
        #expect(made.value == 1, "moved at its size, its content was made again")
        #expect(graph.tap(at: Point(x: 5, y: 0)))                   // it is hit where it went
        let madeBefore = made.value
        #expect(draw(x: 2, width: 4) == "..1w4.......")
        #expect(made.value > madeBefore)                            // its state changed: made again
        let madeAfter = made.value
        #expect(draw(x: 2, width: 5) == "..1w5.......")
        #expect(made.value == madeAfter + 1)                        // a new size: made again
    }

    /// A drawing modifier whose content's place depends on where it lies (on an odd column, a
    /// cell in from each side): what no view of the game does, an effect at rest keeping its rect.
    struct ParityInset<Content: View>: View {
        var content: Content
        func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
            var effect = NodeEffect { _, canvas, content in content(&canvas) }
            effect.place = { rect, _ in
                rect.minX % 2 == 0 ? rect : Rect(x: rect.minX + 1, y: rect.minY, width: max(0, rect.width - 2), height: rect.height)
            }
            nodes.append(context.container(.effect(effect), content))
        }
    }

    /// A kept view with a `GeometryReader` under a `ParityInset`.
    struct Inset: View, Equatable {
        let made: MadeCount
        @State private var clicks = 0
        var body: some View {
            ParityInset(content: GeometryReader { proxy in
                made.value += 1
                return Text("\(clicks)w\(proxy.size.width)").onTapGesture { clicks += 1 }
            })
        }
        static func == (lhs: Inset, rhs: Inset) -> Bool { lhs.made === rhs.made }
    }

    /// A kept view moved to a rect of its size whose content would not keep its size there
    /// (`ViewNode.relocate` stops half way): it is laid out anew where it went, exactly as a
    /// graph that never saw it lays it out, and its state stays.
    @Test func aKeptViewWhoseContentResizesWhereItWentIsLaidOutAnew() {
        let graph = ViewGraph()
        let made = MadeCount()
        func draw(_ graph: ViewGraph, x: Int, made: MadeCount) -> String {
            frame(graph, Inset(made: made).frame(width: 6, height: 1).offset(x: x), Size(width: 12, height: 1)).plainText
        }
        #expect(draw(graph, x: 0, made: made) == "0w6.........")
        #expect(draw(graph, x: 2, made: made) == "..0w6.......")
        #expect(made.value == 1, "moved where its content keeps its size, the content was made again")
        #expect(graph.tap(at: Point(x: 2, y: 0)))
        #expect(draw(graph, x: 2, made: made) == "..1w6.......")
        let madeBefore = made.value
        #expect(draw(graph, x: 3, made: made) == "....1w4.....")
        #expect(made.value == madeBefore + 1)                       // made again, at its new size
        #expect(draw(ViewGraph(), x: 3, made: MadeCount()) == "....0w4.....")   // as laid out fresh
        #expect(graph.tap(at: Point(x: 4, y: 0)))                   // hit where it was laid out
        #expect(draw(graph, x: 4, made: made) == "....2w6.....")
    }

    /// A root that compares equal from frame to frame, as the game's page does.
    struct Board: View, Equatable {
        var labels: [String]
        var body: some View {
            VStack(alignment: .leading) { ForEach(labels, id: \.self) { Tile(label: $0) } }
                .frame(width: 8, height: 4, alignment: .topLeading)
        }
    }

    /// SwiftUI evaluates again the view whose `@State` changed, not the tree: with the root
    /// unchanged, a click's change of one tile's state evaluates that tile's body alone, in its
    /// place; the other tile and the root are not evaluated.
    @Test func aStateChangeEvaluatesItsViewAlone() {
        let graph = ViewGraph()
        let size = Size(width: 8, height: 4)
        func draw() -> String {
            var canvas = Canvas(size: size, fill: Cell("."))
            graph.render(Board(labels: ["a", "b"]), on: &canvas)
            return canvas.plainText
        }
        #expect(draw().hasPrefix("a01.....\nb01"))
        let evaluations = graph.evaluationCount
        #expect(graph.tap(at: Point(x: 0, y: 1)))
        #expect(graph.needsUpdate)
        #expect(draw().hasPrefix("a01.....\nb11"))
        #expect(graph.evaluationCount == evaluations)      // no whole evaluation
        #expect(graph.bodyCounts.evaluated == 1)           // b's body, where it was
        // Its state and its place in the tree are the same as a whole evaluation leaves them.
        #expect(graph.tap(at: Point(x: 0, y: 1)))
        #expect(draw().hasPrefix("a01.....\nb21"))
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(draw().hasPrefix("a11.....\nb21"))
        #expect(graph.evaluationCount == evaluations)
        #expect(graph.keptState.filter { $0.label == "clicks" }.map(\.value).sorted() == ["1", "2"])
        // A change of the root's inputs is a whole evaluation again.
        var canvas = Canvas(size: size, fill: Cell("."))
        graph.render(Board(labels: ["b"]), on: &canvas)
        #expect(canvas.plainText.hasPrefix("b21"))
        #expect(graph.evaluationCount == evaluations + 1)
    }

    @Test func whatAKeptBodyOwnsGoesWhenItsViewLeaves() {
        let graph = ViewGraph()
        _ = frame(graph, Row(labels: ["a", "b"]))
        graph.tap(at: Point(x: 0, y: 1))
        _ = frame(graph, Row(labels: ["a", "b"]))
        _ = frame(graph, Row(labels: ["a", "b"]))
        #expect(graph.bodyCounts.kept == 2)
        _ = frame(graph, Row(labels: ["a"]))
        #expect(graph.keptState.count == 2)        // a's clicks and appearances only
        // b comes back as a new view: its state starts again and its onAppear runs again.
        #expect(frame(graph, Row(labels: ["a", "b"])).plainText.hasPrefix("a01.....\nb01"))
    }

    /// A still view beside one that animates: the still one is kept, the moving one evaluated
    /// at each frame, and kept again once its value has arrived (never a value from mid-way).
    /// Its moving value is an `Animatable` modifier's, whose body shows it (as Cardify's shows its
    /// turn): evaluated at each frame the value moves. (A shape's data alone evaluates no body:
    /// it is presented as the shape is drawn, AnimatedUnitsTests.)
    struct Bar: View, Equatable {
        var filled: Bool
        var body: some View {
            Text("").modifier(ViewGraphAnimationTests.Shift(offset: filled ? 8 : 0))
        }
    }

    final class Model: ObservableObject {
        let objectWillChange = ObservableObjectPublisher()
        @Published var filled = false
    }

    /// The game's way: a page observing its model, changed inside `withAnimation`.
    struct Pair: View {
        @ObservedObject var model: Model
        var body: some View {
            HStack(spacing: 0) { Bar(filled: true).frame(width: 4); Bar(filled: model.filled).frame(width: 4) }
        }
    }

    @Test func aBodyUnderAnAnimationIsEvaluatedUntilItArrives() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let size = Size(width: 8, height: 4)
        let model = Model()
        func pair(_ filled: Bool) -> some View { Pair(model: model) }
        let empty = frame(graph, pair(false), size)
        withAnimation(.linear(duration: 1)) { model.filled = true }
        let start = frame(graph, pair(true), size)
        #expect(start == empty)                          // it starts where it was
        clock.advance(by: 0.5)
        let middle = frame(graph, pair(true), size)
        #expect(graph.bodyCounts.kept == 1)               // the still bar
        #expect(graph.bodyCounts.evaluated == 2)          // the page (observing) and the moving bar
        #expect(middle != start)
        clock.advance(by: 0.6)
        // Arrived, but last evaluated mid-way: evaluated once more, never shown as it was.
        let end = frame(graph, pair(true), size)
        #expect(graph.bodyCounts.evaluated == 2)
        let full = frame(graph, pair(true), size)
        #expect(graph.bodyCounts.kept == 2)
        #expect(full == end)
        // Both full: the same cells as two bars that never moved.
        #expect(full == frame(ViewGraph(), HStack(spacing: 0) { Bar(filled: true).frame(width: 4); Bar(filled: true).frame(width: 4) }, size))
    }

    /// Lecture 8's countdown in a view the runtime may keep: `onAppear` sets the state, then sets
    /// it again inside `withAnimation`. The first change is evaluated at once (its own
    /// transaction); the second must still mark the view changed, or the kept body would show
    /// the first value for good (a full pie that never counts down).
    struct KeptCountdown: View, Equatable {
        var duration: Double
        @State private var animatedBonusRemaining: Double = 0
        var body: some View {
            Pie(startAngle: Angle(degrees: 0-90), endAngle: Angle(degrees: (1-animatedBonusRemaining)*360-90))
                .fill(.plain)
                .onAppear {
                    animatedBonusRemaining = 1
                    withAnimation(.linear(duration: duration)) { animatedBonusRemaining = 0 }
                }
        }
    }

    @Test func aStateSetTwiceInTwoTransactionsAnimatesFromTheFirstValue() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let size = Size(width: 8, height: 4)
        let full = frame(graph, KeptCountdown(duration: 4), size)
        clock.advance(by: 2)
        let half = frame(graph, KeptCountdown(duration: 4), size)
        #expect(half != full, "the pie did not count down")
        clock.advance(by: 2.5)
        let gone = frame(graph, KeptCountdown(duration: 4), size)
        #expect(gone.plainText.allSatisfy { $0 == "." || $0 == "\n" }, "\(gone.plainText)")
    }

    /// An `Equatable` view whose body is another (a wrapper around a card): the two make one
    /// node. The inner one moves at animation frames as it would alone.
    struct Wrapped: View, Equatable {
        var duration: Double
        var body: some View { KeptCountdown(duration: duration) }
    }

    @Test func aKeptBodyInsideAnotherStillAnimates() {
        let size = Size(width: 8, height: 4)
        func frames(_ view: some View) -> [String] {
            let clock = VirtualClock()
            let graph = ViewGraph(animator: Animator(clock: clock))
            return [0, 1, 1, 1.5].map { step in
                clock.advance(by: step)
                return frame(graph, view, size).plainText
            }
        }
        let alone = frames(KeptCountdown(duration: 4))
        #expect(Set(alone).count == 4, "the countdown alone did not move")
        #expect(frames(Wrapped(duration: 4)) == alone)
    }
}

extension KeptBodiesTests {
    /// A kept view that shows a countdown once asked, as the game's page shows a card's pie.
    struct Shelf: View, Equatable {
        var shows: Bool
        var body: some View {
            VStack(spacing: 0) {
                Text("x")
                if shows { KeptCountdown(duration: 4).frame(width: 8, height: 3) }
            }
        }
    }

    /// Regression (a table seat caught up with a card's pie that never counted down): the
    /// countdown appears while nothing else moves, so the view around it was laid out settled.
    /// Its `onAppear` starts the animation in its own body, evaluated alone
    /// (ViewGraph.reevaluateStateOwners): the view around must be entered at the next frames, or
    /// they skip it as settled and the pie stays full.
    @Test func aCountdownStartedByItsOwnStateMovesInsideASettledView() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let size = Size(width: 8, height: 4)
        _ = frame(graph, Shelf(shows: false), size)
        clock.advance(by: 1)
        let evaluations = graph.evaluationCount
        let full = frame(graph, Shelf(shows: true), size).plainText
        #expect(graph.evaluationCount == evaluations + 1, "the onAppear's changes evaluated the countdown alone")
        var frames = [full]
        for _ in 0..<4 {
            clock.advance(by: 1.1)
            frames.append(frame(graph, Shelf(shows: true), size).plainText)
        }
        #expect(Set(frames).count == 5, "the countdown did not move: \(frames)")
        #expect(graph.evaluationCount == evaluations + 1)
    }
}

extension KeptBodiesTests {
    /// A view whose own state changes its size: a click spells its word out.
    struct Word: View, Equatable {
        @State private var spelledOut = false
        var body: some View {
            Text(spelledOut ? "long" : "s").onTapGesture { spelledOut = true }
        }
    }

    struct Line: View, Equatable {
        var body: some View {
            HStack(spacing: 0) { Word(); Text("|") }
        }
    }

    /// A state change evaluated in its view alone must not keep a layout its new size breaks:
    /// the row is laid out again (a whole evaluation), as the first layout of that state is.
    @Test func aStateChangeThatResizesItsViewLaysTheTreeOutAgain() {
        let graph = ViewGraph()
        #expect(frame(graph, Line()).plainText.hasPrefix("s|......"))
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(frame(graph, Line()).plainText.hasPrefix("long|..."))
    }

    /// An element that counts the comparisons it takes part in.
    struct Counted: Equatable {
        final class Count: @unchecked Sendable { var value = 0 }
        let count: Count
        let value: Int
        static func == (a: Counted, b: Counted) -> Bool {
            a.count.value += 1
            return a.value == b.value
        }
    }

    struct Listed: View, Equatable {
        var items: [Counted]
        var body: some View { Text("\(items.count)") }
    }

    /// An app hands its kept root at every frame; an equal root made anew (a page made again
    /// while cards flew) replaces the one the graph compares with, so from the next frame on
    /// its arrays compare by identity, not element by element.
    @Test func anEqualRootIsKeptAsHanded() {
        let count = Counted.Count(), size = Size(width: 4, height: 1)
        let graph = ViewGraph()
        graph.update(Listed(items: (0..<4).map { Counted(count: count, value: $0) }), size: size)
        let madeAgain = Listed(items: (0..<4).map { Counted(count: count, value: $0) })
        graph.update(madeAgain, size: size)
        #expect(count.value == 4, "an equal root made anew is compared element by element")
        graph.update(madeAgain, size: size)
        graph.update(madeAgain, size: size)
        #expect(count.value == 4, "the root handed again was compared element by element")
        #expect(graph.evaluationCount == 1)
    }
}
