import Testing
import TerminalUI
@testable import MemorizeApp

/// The inspector's pause label keeps one format, so it does not jump as `.` steps time.
@Suite struct PauseLabelTests {
    @Test(arguments: [(0.0, "0.00"), (1.6, "1.60"), (1.64, "1.64"), (1.6666, "1.67"), (3.0, "3.00"),
                      (12.999, "13.00"), (125.04, "125.04"), (-0.2, "0.00")])
    func twoDecimalsAlways(seconds: Double, shown: String) {
        #expect(PauseLabel.fixed(seconds) == shown)
    }

    @Test func stepsKeepTheLabelsWidth() {
        let h = ThemeHarness(size: Size(width: 160, height: 48))
        h.press("d")
        h.advance(1.6)
        h.press("i")
        h.press("p")
        var widths = Set<Int>()
        for _ in 0..<6 {
            let line = h.text.components(separatedBy: "\n").first { $0.contains("TIME PAUSED") }
            #expect(line != nil)
            if let line, let range = line.range(of: "TIME PAUSED at ") {
                widths.insert(line[range.upperBound...].prefix { $0 != "s" }.count)
            }
            h.press(".")
        }
        #expect(widths.count == 1, "the label's width changed while stepping: \(widths)")
    }
}
