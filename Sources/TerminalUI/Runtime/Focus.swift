/// The keyboard focus a terminal needs: a mouse is not always there, so the keys move between
/// the tappable views (those with `.onTapGesture`) and activate one — the tap of a keyboard.
/// The focus is kept by identity, so it stays on its view when the layout changes.
extension ViewGraph {
    /// The tappable views of the last update in reading order: top to bottom, then leading to trailing.
    public var tappableViews: [ViewNode] {
        var found: [ViewNode] = []
        func collect(_ node: ViewNode) {
            if node.tapAction != nil { found.append(node) }
            node.children.forEach(collect)
        }
        if let root { collect(root) }
        return found.enumerated()
            .sorted { ($0.element.frame.minY, $0.element.frame.minX, $0.offset) < ($1.element.frame.minY, $1.element.frame.minX, $1.offset) }
            .map(\.element)
    }

    /// Moves the focus `offset` tappable views on (or back), stopping at the ends; the first
    /// move without a focus lands on the first (or last) one.
    public func moveFocus(by offset: Int) {
        let ids = tappableViews.map(\.id)
        guard !ids.isEmpty else { return }
        let index = focusedID.flatMap(ids.firstIndex(of:)) ?? (offset >= 0 ? -1 : ids.count)
        focusedID = ids[max(0, min(ids.count - 1, index + offset))]
    }

    /// Runs the focused view's tap action (the terminal's Space on it).
    @discardableResult
    public func activateFocus() -> Bool {
        guard let focusedID, let node = tappableViews.first(where: { $0.id == focusedID }), let action = node.tapAction else {
            return false
        }
        action()
        return true
    }
}
