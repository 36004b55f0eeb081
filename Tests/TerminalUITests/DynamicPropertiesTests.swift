import Testing
@testable import TerminalUI

/// A view's `@State`, `@ObservedObject` and `@Namespace` are found once per view type from its
/// fields' metadata (DynamicProperties.swift) and read at their own offsets: states of equal
/// values beside plain fields of the same type stay apart, in generic views too.
@Suite struct DynamicPropertiesTests {
    private func frame(_ graph: ViewGraph, _ view: some View) -> String {
        var canvas = Canvas(size: Size(width: 8, height: 1), fill: Cell("."))
        graph.render(view.frame(width: 8, height: 1, alignment: .topLeading), on: &canvas)
        return canvas.plainText
    }

    /// Two states and plain fields, all `Int`s of 0: their bytes alone cannot tell them apart.
    struct Mixed: View {
        let plain = 0
        @State private var first = 0
        let alsoPlain = 0
        @State private var second = 0
        @Namespace private var space
        var body: some View {
            HStack(spacing: 0) {
                Text("\(plain)\(first)\(alsoPlain)").onTapGesture { first += 1 }
                Text("\(second)").onTapGesture { second += 1 }
            }
        }
    }

    @Test func eachStateIsBoundAtItsOwnField() {
        let graph = ViewGraph()
        #expect(frame(graph, Mixed()) == "0000....")
        #expect(graph.tap(at: Point(x: 3, y: 0)))
        #expect(frame(graph, Mixed()) == "0001....")
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(frame(graph, Mixed()) == "0201....")
        let kept = Dictionary(graph.keptState.map { ($0.label, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(kept["first"] == "2")
        #expect(kept["second"] == "1")
        #expect(kept["space"] != nil)               // a namespace is kept state too
        #expect(kept["plain"] == nil && kept["alsoPlain"] == nil)
    }

    /// A generic view's state has the type its parameter gives it.
    struct Holder<Value: CustomStringConvertible>: View {
        let start: Value
        let next: (Value) -> Value
        @State private var value: Value?
        var body: some View {
            Text((value ?? start).description).onTapGesture { value = next(value ?? start) }
        }
    }

    @Test func aGenericViewsStateIsFoundForEachOfItsTypes() {
        let graph = ViewGraph()
        #expect(frame(graph, Holder(start: "a", next: { $0 + "b" })) == "a.......")
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(frame(graph, Holder(start: "a", next: { $0 + "b" })) == "ab......")
        let other = ViewGraph()
        #expect(frame(other, Holder(start: 1.5, next: { $0 * 2 })) == "1.5.....")
        #expect(other.tap(at: Point(x: 0, y: 0)))
        #expect(frame(other, Holder(start: 1.5, next: { $0 * 2 })) == "3.0.....")
    }

    /// Only a property wrapper's storage is a dynamic property: a view with none binds nothing.
    @Test func aViewWithoutWrappersHasNone() {
        struct Plain: View {
            let a = 1, b = "b"
            var body: some View { Text("\(a)\(b)") }
        }
        #expect(DynamicProperties.find(in: Plain()).isEmpty)
        #expect(!DynamicProperties.find(in: Mixed()).isEmpty)
    }
}
