import Testing
@testable import TerminalUI

/// The runtime (ViewGraph): views with bodies laid out by offering space, identity by position
/// and by `ForEach` id, `@State` kept per identity while its view lives, `onAppear`,
/// `onTapGesture` from hit-testing, `zIndex`.
@Suite struct ViewGraphTests {
    private func frame(_ graph: ViewGraph, _ view: some View, _ size: Size = Size(width: 8, height: 3)) -> String {
        var canvas = Canvas(size: size, fill: Cell("."))
        // Pinned to the top left, as a page fills its terminal (a root view is centred otherwise).
        graph.render(view.frame(width: size.width, height: size.height, alignment: .topLeading), on: &canvas)
        return canvas.plainText
    }

    /// A view of its own with `@State`: a click counts.
    struct Counter: View {
        var name: String
        @State var count = 0
        var body: some View {
            Text("\(name)\(count)").onTapGesture { count += 1 }
        }
    }

    struct Shown: View {
        var shown: Bool
        var body: some View {
            VStack(alignment: .leading) {
                if shown { Counter(name: "a") }
                Text("-")
            }
        }
    }

    @Test func stacksOfferTheirLengthAndSpacersTakeWhatIsLeft() {
        let graph = ViewGraph()
        let view = VStack {
            HStack { Text("ab"); Spacer(); Text("c") }
            Spacer()
            Text("mid")
        }
        #expect(frame(graph, view) == "ab.....c\n........\n..mid...")
        let padded = ZStack(alignment: .bottom) { Spacer(); Text("x").padding(EdgeInsets(bottom: 1)); Text("y").frame(width: 3, alignment: .trailing) }
        #expect(frame(graph, padded) == "........\n...x....\n....y...")
    }

    @Test func geometryReaderOffersTheSpaceItIsGiven() {
        let view = HStack(alignment: .leading) { Text("|"); GeometryReader { proxy in Text("\(proxy.size)") } }
        #expect(frame(ViewGraph(), view) == "|7x3....\n........\n........")
    }

    @Test func stateSurvivesReEvaluationAndAClickChangesIt() {
        let graph = ViewGraph()
        #expect(frame(graph, Shown(shown: true)) == "a0......\n-.......\n........")
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(graph.needsUpdate)
        #expect(frame(graph, Shown(shown: true)) == "a1......\n-.......\n........")
        // A new value of the root view, evaluated again: the counter is the same view.
        #expect(frame(graph, Shown(shown: true)) == "a1......\n-.......\n........")
        #expect(graph.keptState.map(\.value) == ["1"])
        #expect(!graph.tap(at: Point(x: 0, y: 1)))      // "-" has no tap
    }

    @Test func stateIsDroppedWhenItsViewLeaves() {
        let graph = ViewGraph()
        _ = frame(graph, Shown(shown: true))
        graph.tap(at: Point(x: 0, y: 0))
        #expect(frame(graph, Shown(shown: true)).hasPrefix("a1"))
        #expect(frame(graph, Shown(shown: false)).hasPrefix("-"))
        #expect(graph.keptState.isEmpty)
        #expect(frame(graph, Shown(shown: true)).hasPrefix("a0"))
    }

    struct Item: Identifiable, Equatable { let id: Int; var name: String }

    @Test func forEachKeepsStateWithItsElementWhenTheOrderChanges() {
        let graph = ViewGraph()
        func list(_ items: [Item]) -> some View {
            VStack(alignment: .leading) { ForEach(items) { item in Counter(name: item.name) } }
        }
        _ = frame(graph, list([Item(id: 1, name: "a"), Item(id: 2, name: "b")]))
        graph.tap(at: Point(x: 0, y: 1))            // b
        graph.tap(at: Point(x: 0, y: 1))
        #expect(frame(graph, list([Item(id: 1, name: "a"), Item(id: 2, name: "b")])) == "a0......\nb2......\n........")
        #expect(frame(graph, list([Item(id: 2, name: "b"), Item(id: 1, name: "a")])) == "b2......\na0......\n........")
        // By position, the same swap would have given b the a's count.
        #expect(frame(graph, list([Item(id: 3, name: "c"), Item(id: 1, name: "a")])) == "c0......\na0......\n........")
    }

    struct Appearing: View {
        @State var text = "waiting"
        let log: Log
        var body: some View {
            Text(text).onAppear {
                log.count += 1
                text = "here"
            }
        }
    }

    final class Log { var count = 0 }

    @Test func onAppearRunsOnceBeforeTheFirstFrameAndAgainAfterAReturn() {
        let graph = ViewGraph()
        let log = Log()
        func root(_ shown: Bool) -> some View { VStack { if shown { Appearing(log: log) } } }
        #expect(frame(graph, root(true)).hasPrefix("here"))
        #expect(frame(graph, root(true)).hasPrefix("here"))
        #expect(log.count == 1)
        _ = frame(graph, root(false))
        _ = frame(graph, root(true))
        #expect(log.count == 2)
    }

    @Test func zIndexDrawsAndHitsAboveWhateverTheOrderWritten() {
        let graph = ViewGraph()
        let log = Log()
        let view = ZStack {
            Text("top").zIndex(1).onTapGesture { log.count += 10 }
            Text("under").onTapGesture { log.count += 1 }
        }
        #expect(frame(graph, view, Size(width: 5, height: 1)) == "utopr")
        graph.tap(at: Point(x: 1, y: 0))
        #expect(log.count == 10)
        graph.tap(at: Point(x: 4, y: 0))
        #expect(log.count == 11)
    }
}

/// `withAnimation` opens a transaction; the graph animates every `Animatable` value the change
/// moved — here a modifier's `animatableData` that no one declared a track for.
@Suite struct ViewGraphAnimationTests {
    struct Shift: ViewModifier, Animatable {
        var offset: Double
        var animatableData: Double {
            get { offset }
            set { offset = newValue }
        }
        func body(content: Text) -> some View {
            HStack { Text("\(Int(offset.rounded()))"); content }
        }
    }

    struct Mover: View {
        var animation: Animation?
        @State var target = 0.0
        var body: some View {
            Text("x").modifier(Shift(offset: target)).onTapGesture {
                withAnimation(animation) { target = 10 }
            }
        }
    }

    private func frame(_ graph: ViewGraph, _ view: some View) -> String {
        var canvas = Canvas(size: Size(width: 4, height: 1), fill: Cell("."))
        graph.render(view.frame(width: 4, height: 1, alignment: .topLeading), on: &canvas)
        return canvas.plainText
    }

    @Test func aTransactionAnimatesAModifiersAnimatableDataFromWhereItIsPresented() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let view = Mover(animation: .linear(duration: 1))
        #expect(frame(graph, view) == "0x..")
        graph.tap(at: Point(x: 1, y: 0))
        #expect(frame(graph, view) == "0x..")
        clock.advance(by: 0.5)
        #expect(frame(graph, view) == "5x..")
        clock.advance(by: 0.6)
        #expect(frame(graph, view) == "10x.")
    }

    @Test func withoutAnAnimationTheChangeJumps() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let view = Mover(animation: nil)
        _ = frame(graph, view)
        graph.tap(at: Point(x: 1, y: 0))
        #expect(frame(graph, view) == "10x.")
    }

    struct Implicit: View {
        var value: Double
        var body: some View {
            Text("x").modifier(Shift(offset: value)).animation(.linear(duration: 1), value: value)
        }
    }

    @Test func animationValueAnimatesWhenItsValueChanges() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        _ = frame(graph, Implicit(value: 0))
        #expect(frame(graph, Implicit(value: 8)) == "0x..")
        clock.advance(by: 0.25)
        #expect(frame(graph, Implicit(value: 8)) == "2x..")
    }

    /// Lecture 8's pie: `onAppear { x = remaining; withAnimation(.linear(…)) { x = 0 } }` — two
    /// transactions: the first jumps, the second animates from there.
    struct Countdown: View {
        @State var remaining = 0.0
        var body: some View {
            Text("x").modifier(Shift(offset: remaining)).onAppear {
                remaining = 8
                withAnimation(.linear(duration: 1)) { remaining = 0 }
            }
        }
    }

    @Test func onAppearSetsThenAnimatesAsTwoTransactions() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        #expect(frame(graph, Countdown()) == "8x..")
        clock.advance(by: 0.5)
        #expect(frame(graph, Countdown()) == "4x..")
        clock.advance(by: 0.5)
        #expect(frame(graph, Countdown()) == "0x..")
    }
}

/// A terminal taps with keys too: the focus moves over the tappable views in reading order and
/// stays on its view by identity.
@Suite struct ViewGraphFocusTests {
    final class Log { var taps: [String] = [] }

    private func row(_ names: [String], _ log: Log) -> some View {
        HStack(spacing: 1) {
            ForEach(names, id: \.self) { name in Text(name).onTapGesture { log.taps.append(name) } }
        }
    }

    @Test func focusMovesInReadingOrderAndSpaceTaps() {
        let graph = ViewGraph()
        let log = Log()
        graph.update(row(["a", "b", "c"], log), size: Size(width: 9, height: 1))
        #expect(!graph.activateFocus())
        graph.moveFocus(by: 1)
        graph.moveFocus(by: 1)
        #expect(graph.activateFocus())
        graph.moveFocus(by: 5)
        graph.activateFocus()
        #expect(log.taps == ["b", "c"])
        // "c" moves to the front: the focus goes with it.
        graph.update(row(["c", "a", "b"], log), size: Size(width: 9, height: 1))
        graph.activateFocus()
        graph.moveFocus(by: 1)
        graph.activateFocus()
        #expect(log.taps == ["b", "c", "c", "a"])
    }
}
