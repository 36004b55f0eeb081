import Testing
@testable import TerminalUI

/// An animation frame evaluates only what animates (AnimatedUnits.swift): an `Animatable`
/// modifier's body again with its content's nodes as made, a shape's container again without
/// its siblings; what a unit cannot stand for alone sends the frame to the whole body.
@Suite struct AnimatedUnitsTests {
    /// The view drawn as the root (an animation frame needs the same root: an `Equatable` one).
    private func frame(_ graph: ViewGraph, _ view: some View, _ size: Size = Size(width: 8, height: 3)) -> Canvas {
        var canvas = Canvas(size: size, fill: Cell("."))
        graph.render(view, on: &canvas)
        return canvas
    }

    /// A card as the pages below place it, drawn alone in a graph of its own (no animation).
    private func still(_ view: some View) -> Canvas {
        frame(ViewGraph(), view.frame(width: 8, height: 3, alignment: .topLeading))
    }

    /// Counts the evaluations of the bodies that hold it.
    final class Counter { var count = 0 }

    /// Not `Equatable`: its body is evaluated whenever it is reached.
    struct Counted: View {
        let counter: Counter
        let label: String
        var body: some View {
            let _ = counter.count += 1
            Text(label)
        }
    }

    /// A modifier whose `animatableData` moves its content right, and shows a mark (which has an
    /// `onAppear`) once it has moved past `markFrom`.
    struct Shift: ViewModifier, Animatable {
        var amount: Double
        var markFrom: Double
        let appearances: Counter
        var animatableData: Double {
            get { amount }
            set { amount = newValue }
        }

        func body(content: AnyView) -> some View {
            VStack(alignment: .leading, spacing: 0) {
                content.offset(x: Int(amount.rounded()))
                if amount > markFrom { Text("m").onAppear { appearances.count += 1 } }
            }
        }
    }

    struct Card: View, Equatable {
        var amount: Double
        var markFrom = 100.0
        let counter: Counter
        let appearances: Counter
        static func == (lhs: Card, rhs: Card) -> Bool {
            lhs.amount == rhs.amount && lhs.markFrom == rhs.markFrom && lhs.counter === rhs.counter
        }
        var body: some View {
            ModifiedContent(content: AnyView(Counted(counter: counter, label: "ab")),
                            modifier: Shift(amount: amount, markFrom: markFrom, appearances: appearances))
        }
    }

    final class Model: ObservableObject {
        let objectWillChange = ObservableObjectPublisher()
        @Published var amount = 0.0
        @Published var fraction = 1.0
    }

    /// The game's way: a root observing its model (the game's EmojiMemoryGameView).
    struct Page: View, Equatable {
        @ObservedObject var model: Model
        var markFrom = 100.0
        let counter: Counter
        let appearances: Counter
        static func == (lhs: Page, rhs: Page) -> Bool { lhs.model === rhs.model && lhs.markFrom == rhs.markFrom }
        var body: some View {
            // In a frame, as the game's cards are: the card's node is its own, not the page's.
            Card(amount: model.amount, markFrom: markFrom, counter: counter, appearances: appearances)
                .frame(width: 8, height: 3, alignment: .topLeading)
        }
    }

    @Test func anAnimatedModifiersFrameEvaluatesItsBodyAloneWithItsContentAsMade() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let model = Model(), counter = Counter(), appearances = Counter()
        let page = Page(model: model, counter: counter, appearances: appearances)
        _ = frame(graph, page)
        withAnimation(.linear(duration: 1)) { model.amount = 4 }
        _ = frame(graph, page)
        let evaluated = counter.count
        for step in 1...3 {
            clock.advance(by: 0.25)
            let drawn = frame(graph, page)
            #expect(counter.count == evaluated, "the content was evaluated again at frame \(step)")
            // Drawn as a card resting at the presented amount.
            let resting = still(Card(amount: Double(step), counter: Counter(), appearances: Counter()))
            #expect(drawn == resting, "frame \(step): \(drawn.plainText) is not \(resting.plainText)")
        }
        clock.advance(by: 0.5)
        let arrived = frame(graph, page)
        #expect(arrived == still(Card(amount: 4, counter: Counter(), appearances: Counter())), "\(arrived.plainText)")
        #expect(counter.count == evaluated)
    }

    @Test func aUnitThatMeetsANewViewLeavesTheFrameToItsWholeBody() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let model = Model(), counter = Counter(), appearances = Counter()
        let page = Page(model: model, markFrom: 2, counter: counter, appearances: appearances)
        _ = frame(graph, page)
        withAnimation(.linear(duration: 1)) { model.amount = 4 }
        _ = frame(graph, page)
        clock.advance(by: 0.25)
        _ = frame(graph, page)
        #expect(appearances.count == 0)
        // Past 2 the mark appears: its onAppear runs once, and the frame is the body's, whole.
        clock.advance(by: 0.5)
        let drawn = frame(graph, page)
        #expect(appearances.count == 1)
        #expect(drawn == still(Card(amount: 3, markFrom: 2, counter: Counter(), appearances: Counter())), "\(drawn.plainText)")
        clock.advance(by: 0.5)
        _ = frame(graph, page)
        #expect(appearances.count == 1)
    }

    /// Lecture 8's pie beside a label: as it counts down, no body is evaluated (neither the
    /// label's nor the one holding the pie); the pie is drawn at its presented data each frame,
    /// as SwiftUI's renderer interpolates a shape's `animatableData`.
    struct Countdown: View, Equatable {
        var fraction: Double
        let counter: Counter
        static func == (lhs: Countdown, rhs: Countdown) -> Bool { lhs.fraction == rhs.fraction && lhs.counter === rhs.counter }
        var body: some View {
            HStack(spacing: 0) {
                Counted(counter: counter, label: "p")
                Pie(startAngle: Angle(degrees: 0-90), endAngle: Angle(degrees: (1-fraction)*360-90)).fill(.plain)
                    .frame(width: 6, height: 3)
            }
        }
    }

    struct PiePage: View, Equatable {
        @ObservedObject var model: Model
        let counter: Counter
        static func == (lhs: PiePage, rhs: PiePage) -> Bool { lhs.model === rhs.model }
        var body: some View { Countdown(fraction: model.fraction, counter: counter).frame(width: 8, height: 3, alignment: .topLeading) }
    }

    @Test func aShapesFrameEvaluatesNoBodyAndDrawsItsPresentedData() {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let model = Model(), counter = Counter()
        let page = PiePage(model: model, counter: counter)
        _ = frame(graph, page)
        withAnimation(.linear(duration: 1)) { model.fraction = 0 }
        _ = frame(graph, page)
        let evaluated = counter.count
        for step in 1...3 {
            clock.advance(by: 0.25)
            let drawn = frame(graph, page)
            #expect(counter.count == evaluated, "the label was evaluated again at frame \(step)")
            #expect(graph.bodyCounts.evaluated == 0, "frame \(step) evaluated \(graph.bodyCounts.evaluated) bodies")
            let resting = still(Countdown(fraction: 1 - Double(step) / 4, counter: Counter()))
            #expect(drawn == resting, "frame \(step): \(drawn.plainText) is not \(resting.plainText)")
        }
    }
}
