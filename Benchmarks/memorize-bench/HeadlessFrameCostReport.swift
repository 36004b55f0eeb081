/// Figure 1's lines: median (the target applies to 40 cards at 200×60), p99, and the snapshot
/// text cost that was subtracted, so a reader can put it back.
extension HeadlessFrameCost {
    static func report(into report: Report) {
        report.section("1 headless frame cost: thread CPU time of tick + layout + animator + rasterize, in process (10 sessions x 100 frames)")
        for c in cases() {
            do {
                let result = try measure(c)
                let target: Figure.Target = c.name.hasPrefix("deal40") ? .atMost(Targets.frameMedianMs) : .none
                report.add(Figure(name: "frame.\(c.name).median", value: Stats.median(result.frames), unit: "ms", target: target))
                report.add(Figure(name: "frame.\(c.name).p99", value: Stats.percentile(result.frames, 99), unit: "ms"))
                report.add(Figure(name: "frame.\(c.name).snapshot_text_subtracted", value: Stats.median(result.formatting), unit: "ms",
                                  note: "median Canvas.plainText cost, removed from each sample above"))
            } catch {
                report.add(Figure(name: "frame.\(c.name).median", value: nil, unit: "ms", note: "\(error)"))
            }
        }
    }
}
