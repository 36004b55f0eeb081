/// The Animator as the inspector shows it (lecture 6 and 8: `Animation`, presented vs model
/// values). Generic: views name their own keys through `label`.
public enum AnimatorInspector {
    /// One line per running animation: which property, from → to, curve and duration, delay,
    /// and a progress bar filling the width left.
    public static func lines(_ running: [RunningAnimation], label: (AnimationKey) -> String, width: Int, ascii: Bool,
                             isHighlighted: (AnimationKey) -> Bool = { _ in false }) -> [InspectorLine] {
        let arrow = ascii ? "->" : "→"
        let texts = running.map { run -> (text: String, percent: String) in
            let a = run.animation
            var text = "\(label(run.key)) \(InspectorText.value(run.from))\(arrow)\(InspectorText.value(run.to))"
            text += " \(a.curve.name) \(InspectorText.number(a.duration))s"
            if a.delay > 0 { text += " +\(InspectorText.number(a.delay))s" }
            if a.repeatsForever { text += " forever" }
            return (text, run.isDelayed ? "wait" : "\(Int((run.progress * 100).rounded(.down)))%")
        }
        // One bar width for all, so the bars line up: what the longest line leaves, at most 12.
        let widest = texts.map { TextWidth.of($0.text) }.max() ?? 0
        let barWidth = min(12, width - widest - 6)
        return zip(running, texts).map { run, entry in
            var text = InspectorText.pad(entry.text, widest)
            if barWidth >= 3 { text += " " + InspectorText.bar(run.progress, width: barWidth, ascii: ascii) }
            return InspectorLine.marked(text + " " + entry.percent, isHighlighted(run.key))
        }
    }

    /// The lecture's "presented vs model": for each key, the value drawn now and the value the
    /// model asks for (the track's target), packed in columns.
    /// `resting`: the value a property without a track shows, by name (a view's presence,
    /// which the runtime animates only while it comes or goes).
    public static func presentedVersusModel(_ animator: Animator, keys: [(name: String, key: AnimationKey)], at time: Double,
                                            width: Int, ascii: Bool = false, resting: [String: Double] = [:]) -> [InspectorLine] {
        let none = ascii ? "-" : "—"
        let names = keys.map(\.name.count).max() ?? 0
        let items = keys.map { entry -> String in
            let restingValue = resting[entry.name].map { $0 as any VectorArithmetic }
            let presented = animator.presentedData(entry.key, at: time) ?? restingValue
            let model = animator.targetData(entry.key) ?? restingValue
            let name = entry.name + String(repeating: " ", count: names - entry.name.count)
            return "\(name) \(presented.map(InspectorText.value) ?? none)/\(model.map(InspectorText.value) ?? none)"
        }
        return InspectorText.columns(items, width: width, gap: 3)
    }
}
