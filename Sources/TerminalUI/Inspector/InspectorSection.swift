/// One line of an inspector section, with the columns to highlight (the selected card's entry).
public struct InspectorLine: Equatable, Sendable {
    public var text: String
    /// Display columns of `text` drawn highlighted; nil for none.
    public var highlight: Range<Int>?

    public init(_ text: String, highlight: Range<Int>? = nil) {
        self.text = text
        self.highlight = highlight
    }

    /// The whole line highlighted when `on`.
    public static func marked(_ text: String, _ on: Bool) -> InspectorLine {
        InspectorLine(text, highlight: on ? 0..<TextWidth.of(text) : nil)
    }
}

/// A titled block of the inspector: what it shows is the app's business (or a toolkit part's,
/// for the Animator and the run loop); the pane only lays blocks out and draws them.
public struct InspectorSection: Equatable, Sendable {
    public var title: String
    public var lines: [InspectorLine]
    /// Lines kept even when the pane is short (the rest share what room is left).
    public var minimumLines: Int
    /// Lines after `lines`, shown only in room no section's `lines` need (never "… N more").
    public var extraLines: [InspectorLine]

    public init(title: String, lines: [InspectorLine], minimumLines: Int = 2, extraLines: [InspectorLine] = []) {
        self.title = title
        self.lines = lines
        self.minimumLines = minimumLines
        self.extraLines = extraLines
    }
}

/// Text helpers shared by the sections: numbers as a learner reads them, bars, columns.
public enum InspectorText {
    /// `text` cut to `width` display columns, with "…" where it was cut ("~" in ASCII: one column).
    public static func fit(_ text: String, width: Int, ascii: Bool = false) -> String {
        guard width > 0 else { return "" }
        guard TextWidth.of(text) > width else { return text }
        var kept = "", used = 0
        for character in text {
            let w = max(1, TextWidth.of(character))
            if used + w > width - 1 { break }
            kept.append(character)
            used += w
        }
        return kept + (ascii ? "~" : "…")
    }

    /// `text` padded with spaces to `width` display columns (never cut).
    public static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }

    /// A number as short as it reads: hundredths below 10 (0.83, 1.25 s), tenths above (12.5, 180).
    /// An animatable value: a number as `number` prints it, a pair as `(a, b)`.
    public static func value(_ value: any VectorArithmetic) -> String {
        if let number = value as? Double { return self.number(number) }
        if let pair = value as? any AnimatablePairInspectable { return "(\(self.value(pair.inspectedFirst)),\(self.value(pair.inspectedSecond)))" }
        return "\(value)"
    }

    public static func number(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        let digits = abs(value) < 10 && value != 0 ? 2 : 1
        let scale = digits == 2 ? 100.0 : 10.0
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale), fraction = abs(scaled % Int(scale))
        let sign = scaled < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        var tail = String(fraction)
        if digits == 2, fraction < 10 { tail = "0" + tail }
        while tail.hasSuffix("0") { tail.removeLast() }
        return "\(sign)\(whole).\(tail)"
    }

    /// A progress bar `width` cells wide: full blocks and light shade, or `#` and `-` in ASCII.
    public static func bar(_ fraction: Double, width: Int, ascii: Bool) -> String {
        let filled = Int((min(1, max(0, fraction)) * Double(width)).rounded(.down))
        return String(repeating: ascii ? "#" : "█", count: filled)
            + String(repeating: ascii ? "-" : "░", count: max(0, width - filled))
    }

    /// Items packed into as many equal columns as `width` holds, row by row; the item at
    /// `highlighted` keeps its columns highlighted.
    public static func columns(_ items: [String], width: Int, gap: Int = 2, highlighted: Int? = nil) -> [InspectorLine] {
        let cell = (items.map { TextWidth.of($0) }.max() ?? 0)
        let perRow = max(1, (width + gap) / max(1, cell + gap))
        var lines: [InspectorLine] = []
        for start in stride(from: 0, to: items.count, by: perRow) {
            var text = "", highlight: Range<Int>?
            for index in start..<min(items.count, start + perRow) {
                if index > start { text += String(repeating: " ", count: gap) }
                let column = TextWidth.of(text)
                text += index == min(items.count, start + perRow) - 1 ? items[index] : pad(items[index], cell)
                if index == highlighted { highlight = column..<(column + cell) }
            }
            lines.append(InspectorLine(text, highlight: highlight))
        }
        return lines
    }
}
