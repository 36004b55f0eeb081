import Testing
@testable import TerminalUI

/// Where a click lands (HitTesting.swift): on what a tappable view draws, not on the empty space
/// its frame leaves; `.contentShape(Rectangle())` makes the whole frame take it;
/// `.allowsHitTesting(false)` lets it through to what lies beneath; a turned view is hit in its
/// turned cells only.
@Suite struct HitTestingTests {
    final class Log { var taps: [String] = [] }

    /// Which tap each cell of a `size` canvas runs ("." none), row by row.
    private func taps(_ view: some View, _ size: Size, _ log: Log) -> String {
        let graph = ViewGraph()
        var canvas = Canvas(size: size)
        graph.render(view.frame(width: size.width, height: size.height, alignment: .topLeading), on: &canvas)
        var rows: [String] = []
        for y in 0..<size.height {
            var row = ""
            for x in 0..<size.width {
                log.taps = []
                graph.tap(at: Point(x: x, y: y))
                row += log.taps.first ?? "."
            }
            rows.append(row)
        }
        return rows.joined(separator: "\n")
    }

    @Test func aTapLandsOnWhatIsDrawnNotOnTheFramesEmptySpace() {
        let log = Log()
        let view = Text("ab").frame(width: 4, height: 2, alignment: .topLeading).onTapGesture { log.taps.append("t") }
        #expect(taps(view, Size(width: 5, height: 2), log) == "tt...\n.....")
    }

    @Test func aContentShapeMakesTheWholeFrameTakeTheTap() {
        let log = Log()
        let view = Text("ab").frame(width: 4, height: 2, alignment: .topLeading)
            .contentShape(Rectangle()).onTapGesture { log.taps.append("t") }
        #expect(taps(view, Size(width: 5, height: 2), log) == "tttt.\ntttt.")
    }

    @Test func aViewThatAllowsNoHitTestingLetsTheTapThroughToWhatIsBeneath() {
        let log = Log()
        let view = ZStack(alignment: .topLeading) {
            Text("under").onTapGesture { log.taps.append("u") }
            Text("ov").allowsHitTesting(false).onTapGesture { log.taps.append("o") }
            Text("x").padding(EdgeInsets(leading: 3)).onTapGesture { log.taps.append("x") }
        }
        #expect(taps(view, Size(width: 6, height: 1), log) == "uuuxu.")
    }

    @Test func aTurnedViewIsHitOnlyWhereItShows() {
        let log = Log()
        func card(_ degrees: Double) -> some View {
            Pattern("#", style: Style()).rotation3DEffect(Angle(degrees: degrees), axis: (x: 0, y: 1, z: 0))
                .frame(width: 8, height: 1).onTapGesture { log.taps.append("c") }
        }
        #expect(taps(card(0), Size(width: 8, height: 1), log) == "cccccccc")
        #expect(taps(card(60), Size(width: 8, height: 1), log) == "..cccc..")      // cos 60° = ½
        #expect(taps(card(90), Size(width: 8, height: 1), log) == "....c...")      // edge-on: one column
    }
}
