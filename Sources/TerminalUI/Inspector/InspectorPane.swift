/// Lays inspector sections out in a rectangle and draws them: a title line per section, then as
/// many of its lines as the room allows. Short of room, every section keeps its first few lines
/// and the rest is shared a line at a time, so no section disappears; a cut section ends with
/// "… N more". Generic: it knows sections and lines, not what they describe.
public enum InspectorPane {
    /// Which side of the pane faces the content beside it: that edge gets a rule.
    public enum Edge: Equatable, Sendable { case left, top, box }

    public struct Styles: Sendable {
        public var text: Style
        public var title: Style
        public var highlight: Style
        public var rule: Style
        public init(text: Style, title: Style, highlight: Style, rule: Style) {
            self.text = text
            self.title = title
            self.highlight = highlight
            self.rule = rule
        }
    }

    /// The number of lines of each section shown in `rows` rows (titles take one row each).
    public static func budget(_ sections: [InspectorSection], rows: Int) -> [Int] {
        var shown = Array(repeating: 0, count: sections.count)
        var left = rows - sections.count
        guard left > 0 else { return shown }
        for (i, section) in sections.enumerated() {
            let take = min(left, section.lines.count, section.minimumLines)
            shown[i] = take
            left -= take
        }
        for lineCount in [{ (section: InspectorSection) in section.lines.count },
                          { (section: InspectorSection) in section.lines.count + section.extraLines.count }] {
            var gave = true
            while left > 0 && gave {
                gave = false
                for (i, section) in sections.enumerated() where left > 0 && shown[i] < lineCount(section) {
                    shown[i] += 1
                    left -= 1
                    gave = true
                }
            }
        }
        return shown
    }

    /// The area inside the rule (where text goes) for a pane drawn in `rect`.
    public static func contentRect(_ rect: Rect, edge: Edge) -> Rect {
        switch edge {
        case .left: Rect(x: rect.minX + 2, y: rect.minY, width: max(0, rect.width - 2), height: rect.height)
        case .top: Rect(x: rect.minX + 1, y: rect.minY + 1, width: max(0, rect.width - 1), height: max(0, rect.height - 1))
        case .box: Rect(x: rect.minX + 2, y: rect.minY + 1, width: max(0, rect.width - 4), height: max(0, rect.height - 2))
        }
    }

    public static func draw(_ sections: [InspectorSection], in rect: Rect, edge: Edge, on canvas: inout Canvas,
                            styles: Styles, ascii: Bool) {
        canvas.fill(rect, style: styles.text)
        switch edge {
        case .left: canvas.fill(Rect(x: rect.minX, y: rect.minY, width: 1, height: rect.height), with: ascii ? "|" : "│", style: styles.rule)
        case .top: canvas.fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 1), with: ascii ? "-" : "─", style: styles.rule)
        case .box: RoundedRectangle.draw(in: rect, on: &canvas, border: styles.rule, fill: styles.text, ascii: ascii)
        }
        let area = contentRect(rect, edge: edge)
        guard !area.isEmpty else { return }
        let shown = budget(sections, rows: area.height)
        var y = area.minY
        for (section, count) in zip(sections, shown) where y < area.maxY {
            canvas.put(InspectorText.fit(section.title, width: area.width, ascii: ascii), x: area.minX, y: y, style: styles.title)
            y += 1
            let cut = count < section.lines.count
            let first = cut ? firstShown(of: section, showing: count - 1) : 0
            let lines = section.lines + section.extraLines
            for index in 0..<count where y < area.maxY {
                if cut, index == count - 1 {
                    canvas.put((ascii ? "... " : "… ") + "\(section.lines.count - count + 1) more", x: area.minX, y: y, style: styles.text)
                } else {
                    draw(lines[first + index], at: Point(x: area.minX, y: y), width: area.width, on: &canvas,
                         styles: styles, ascii: ascii)
                }
                y += 1
            }
        }
    }

    /// A cut section scrolls so that its highlighted line (the selected card) stays in view.
    static func firstShown(of section: InspectorSection, showing rows: Int) -> Int {
        guard rows > 0, let marked = section.lines.firstIndex(where: { $0.highlight != nil }) else { return 0 }
        return max(0, min(marked - rows + 1, section.lines.count - rows))
    }

    private static func draw(_ line: InspectorLine, at origin: Point, width: Int, on canvas: inout Canvas,
                             styles: Styles, ascii: Bool) {
        let text = InspectorText.fit(line.text, width: width, ascii: ascii)
        canvas.put(text, x: origin.x, y: origin.y, style: styles.text)
        if let highlight = line.highlight {
            let start = max(0, highlight.lowerBound), end = min(width, highlight.upperBound)
            guard start < end else { return }
            canvas.restyle(Rect(x: origin.x + start, y: origin.y, width: end - start, height: 1)) { $0 = styles.highlight }
        }
    }
}
