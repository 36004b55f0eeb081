import Testing
@testable import TerminalUI

/// `.equatable()` (EquatableView): a view that is no composite of its own — a tile framed and
/// moved, as the game page places each card — is kept whole while it equals the last one: its
/// nodes, as laid out, are the last update's. It counts as the bodies inside it, so the counts
/// the inspector shows are those of the same views without it.
@Suite struct EquatableViewTests {
    struct Tile: View, Equatable {
        var label: String
        @State private var clicks = 0
        var body: some View {
            Text("\(label)\(clicks)").onTapGesture { clicks += 1 }
        }
    }

    /// Tiles, each moved right by its shift; kept whole with `.equatable()` when `equatable`.
    struct Board: View {
        var labels: [String]
        var shifts: [Int]
        var equatable: Bool
        var body: some View {
            ZStack(alignment: .topLeading) {
                ForEach(labels.indices, id: \.self) { index in
                    let placed = Tile(label: labels[index]).frame(width: 3, height: 1)
                        .offset(x: shifts[index], y: index)
                    if equatable { placed.equatable() } else { placed }
                }
            }
        }
    }

    private func frame(_ graph: ViewGraph, _ view: Board) -> String {
        var canvas = Canvas(size: Size(width: 8, height: 3), fill: Cell("."))
        graph.render(view.frame(width: 8, height: 3, alignment: .topLeading), on: &canvas)
        return canvas.plainText
    }

    /// The `.offset` nodes in the tree, top to bottom.
    private func offsetNodes(_ graph: ViewGraph) -> [ViewNode] {
        var found: [ViewNode] = []
        func walk(_ node: ViewNode) {
            if case .offset = node.kind { found.append(node) }
            node.children.forEach(walk)
        }
        graph.root.map(walk)
        return found
    }

    @Test func aViewPlacedAsBeforeIsKeptWholeAndOneMovedIsMadeAgain() {
        let graph = ViewGraph()
        #expect(frame(graph, Board(labels: ["a", "b"], shifts: [0, 2], equatable: true)).hasPrefix("a0......\n..b0...."))
        let first = offsetNodes(graph)
        #expect(first.count == 2)
        #expect(frame(graph, Board(labels: ["a", "b"], shifts: [0, 2], equatable: true)).hasPrefix("a0......\n..b0...."))
        #expect(zip(offsetNodes(graph), first).allSatisfy { $0 === $1 })        // both kept whole
        #expect(frame(graph, Board(labels: ["a", "b"], shifts: [0, 3], equatable: true)).hasPrefix("a0......\n...b0..."))
        let moved = offsetNodes(graph)
        #expect(moved[0] === first[0] && moved[1] !== first[1])                 // b moved: made again
        // A kept tile's click still reaches its state, and it is drawn again.
        #expect(graph.tap(at: Point(x: 0, y: 0)))
        #expect(frame(graph, Board(labels: ["a", "b"], shifts: [0, 3], equatable: true)).hasPrefix("a1......\n...b0..."))
        #expect(offsetNodes(graph)[0] !== first[0])
    }

    /// Without `.equatable()` every placing is made again at each update (what it saves).
    @Test func withoutItEveryPlacingIsMadeAgain() {
        let graph = ViewGraph()
        _ = frame(graph, Board(labels: ["a", "b"], shifts: [0, 2], equatable: false))
        let first = offsetNodes(graph)
        _ = frame(graph, Board(labels: ["a", "b"], shifts: [0, 2], equatable: false))
        #expect(zip(offsetNodes(graph), first).allSatisfy { $0 !== $1 })
    }

    /// The counts, and what is drawn, are those of the same views without it, update by update.
    @Test func itCountsAsTheBodiesInsideIt() {
        let steps: [(labels: [String], shifts: [Int], tap: Point?)] = [
            (["a", "b"], [0, 2], nil), (["a", "b"], [0, 2], nil), (["a", "b"], [0, 3], nil),
            (["a", "b"], [0, 3], Point(x: 3, y: 1)), (["a", "c", "b"], [0, 1, 3], nil), (["a", "c", "b"], [0, 1, 3], nil),
        ]
        let plain = ViewGraph(), kept = ViewGraph()
        for step in steps {
            if let point = step.tap {
                #expect(plain.tap(at: point) && kept.tap(at: point))
            }
            let drawn = frame(plain, Board(labels: step.labels, shifts: step.shifts, equatable: false))
            #expect(frame(kept, Board(labels: step.labels, shifts: step.shifts, equatable: true)) == drawn)
            #expect(kept.bodyCounts == plain.bodyCounts, "\(step)")
        }
    }
}
