/// Layout by offering space, as SwiftUI does: a parent proposes a size, the child answers the
/// size it takes, the parent places it. Stacks offer their length to the least flexible
/// children first, so a `Spacer` takes what the others leave.
extension ViewNode {
    /// The size this node takes when offered `proposal`.
    func size(for proposal: Size) -> Size {
        if let measured, measured.proposal == proposal { return measured.size }
        let size: Size
        switch kind {
        case .leaf, .geometry, .shape, .effect:
            size = proposal
        case .offset:
            size = layeredSize(for: proposal)
        case .text:
            size = Size(width: min(textWidth, proposal.width), height: 1)
        case .spacer(let minLength):
            size = Size(width: max(minLength, proposal.width), height: max(minLength, proposal.height))
        case .stack(let axis, _, let spacing):
            let sizes = stackSizes(axis: axis, spacing: spacing, proposal: proposal)
            let along = sizes.reduce(0) { $0 + $1.length(axis) } + spacing * max(0, sizes.count - 1)
            let across = sizes.map { $0.length(axis.other) }.max() ?? 0
            size = Size(axis: axis, along: along, across: across)
        case .zstack:
            size = layeredSize(for: proposal)
        case .padding(let insets):
            let inner = layeredSize(for: Size(width: max(0, proposal.width - insets.leading - insets.trailing),
                                              height: max(0, proposal.height - insets.top - insets.bottom)))
            size = Size(width: inner.width + insets.leading + insets.trailing, height: inner.height + insets.top + insets.bottom)
        case .frame(let width, let height, _):
            let inner = layeredSize(for: Size(width: width ?? proposal.width, height: height ?? proposal.height))
            size = Size(width: width ?? inner.width, height: height ?? inner.height)
        }
        measured = (proposal, size)
        return size
    }

    /// Children laid on one another: as large as the largest of them.
    private func layeredSize(for proposal: Size) -> Size {
        var size = Size.zero
        forEachChild { child in
            let childSize = child.size(for: proposal)
            size = Size(width: max(size.width, childSize.width), height: max(size.height, childSize.height))
        }
        return size
    }

    /// A stack's children's sizes: the least flexible first, each offered an equal share of
    /// what is left (SwiftUI's order), spacers last.
    private func stackSizes(axis: Axis, spacing: Int, proposal: Size) -> [Size] {
        guard !children.isEmpty else { return [] }
        let across = proposal.length(axis.other)
        var remaining = max(0, proposal.length(axis) - spacing * (children.count - 1))
        var flexibility: [Int] = []
        flexibility.reserveCapacity(children.count)
        forEachChild { child in
            if case .spacer = child.kind { return flexibility.append(Int.max) }
            let most = child.size(for: Size(axis: axis, along: remaining, across: across)).length(axis)
            let least = child.size(for: Size(axis: axis, along: 0, across: across)).length(axis)
            flexibility.append(most - least)
        }
        let order = children.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
        var sizes = Array(repeating: Size.zero, count: children.count)
        var left = children.count
        for index in order {
            let offer = remaining / left
            let child = children[index]
            if case .spacer(let minLength) = child.kind {
                sizes[index] = Size(axis: axis, along: max(minLength, offer), across: 0)
            } else {
                sizes[index] = child.size(for: Size(axis: axis, along: offer, across: across))
            }
            remaining = max(0, remaining - sizes[index].length(axis))
            left -= 1
        }
        return sizes
    }

    /// Places this node in `rect` (its size as measured, or the whole canvas for the root),
    /// then its children inside.
    func place(in rect: Rect) {
        if let keptBody { keptBody.place(self, in: rect) } else { placeContent(in: rect) }
    }

    /// `place`, for a node whose layout is not kept from an earlier update.
    func placeContent(in rect: Rect) { _ = layOut(in: rect, keepingContent: false) }

    /// `placeContent` for a node that moved, its content as it was laid out before: each
    /// `GeometryReader` keeps the content it made, which is made for a size, not a place (its
    /// proxy is the size), and each kept body under it moves the same way. False, with the
    /// layout half done, when a size inside changed or a kept body under it cannot move so
    /// (that content is made again: `placeContent`).
    func relocate(in rect: Rect) -> Bool { layOut(in: rect, keepingContent: true) }

    private func layOut(in rect: Rect, keepingContent: Bool) -> Bool {
        let before = frame
        frame = rect
        switch kind {
        case .leaf, .text, .spacer, .shape:
            return true
        case .offset(let offset):
            return placeLayered(in: Rect(x: rect.minX + offset.x, y: rect.minY + offset.y, width: rect.width, height: rect.height),
                                alignment: .topLeading, keepingContent: keepingContent)
        case .effect(let effect):
            if effect.keepsRestingSizes {
                guard placeLayered(in: rect, alignment: .center, keepingContent: keepingContent) else { return false }
                for child in children { child.keepRestingSize() }
            }
            return placeLayered(in: effect.place(rect, fractionalFrame), alignment: .center, keepingContent: keepingContent)
        case .geometry(let build, let context):
            if keepingContent {
                // Its frame stays the size its content was made for until that is made again.
                guard before.size == rect.size else {
                    frame = before
                    return false
                }
            } else {
                var context = context
                children = build(GeometryProxy(size: rect.size), &context)
            }
            return placeLayered(in: rect, alignment: .topLeading, keepingContent: keepingContent)
        case .stack(let axis, let alignment, let spacing):
            let sizes = stackSizes(axis: axis, spacing: spacing, proposal: rect.size)
            var position = axis == .vertical ? rect.minY : rect.minX
            for (child, size) in zip(children, sizes) {
                let origin: Point
                if axis == .vertical {
                    origin = Point(x: rect.minX + Alignment.offset(size.width, in: rect.width, alignment.horizontal), y: position)
                } else {
                    origin = Point(x: position, y: rect.minY + Alignment.offset(size.height, in: rect.height, alignment.vertical))
                }
                guard place(child, in: Rect(origin: origin, size: size), keepingContent: keepingContent) else { return false }
                position += size.length(axis) + spacing
            }
            return true
        case .zstack(let alignment):
            return placeLayered(in: rect, alignment: alignment, keepingContent: keepingContent)
        case .padding(let insets):
            return placeLayered(in: Rect(x: rect.minX + insets.leading, y: rect.minY + insets.top,
                                         width: max(0, rect.width - insets.leading - insets.trailing),
                                         height: max(0, rect.height - insets.top - insets.bottom)),
                                alignment: .center, keepingContent: keepingContent)
        case .frame(_, _, let alignment):
            return placeLayered(in: rect, alignment: alignment, keepingContent: keepingContent)
        }
    }

    /// The size just laid out becomes this subtree's resting size (see `NodeEffect`).
    func keepRestingSize() {
        restingSize = frame.size
        forEachChild { $0.keepRestingSize() }
    }

    private func placeLayered(in rect: Rect, alignment: Alignment, keepingContent: Bool) -> Bool {
        allChildren { child in
            let size = child.size(for: rect.size)
            return place(child, in: Rect(origin: alignment.origin(of: size, in: rect), size: size), keepingContent: keepingContent)
        }
    }

    /// Places a child: laid in this node's very cells, it lies where this node lies (its
    /// fractional frame); anywhere else, on whole cells.
    private func place(_ child: ViewNode, in rect: Rect, keepingContent: Bool) -> Bool {
        child.fractionalFrame = rect == frame ? fractionalFrame : nil
        guard child.matchedGeometry == nil else {
            // Its frame is its group's target; it is laid out once, after layout, where that
            // frame is presented (MatchedGeometry.swift): not here and again there.
            child.frame = rect
            return true
        }
        guard keepingContent else {
            child.place(in: rect)
            return true
        }
        if let keptBody = child.keptBody { return keptBody.relocate(child, in: rect) }
        return child.relocate(in: rect)
    }

    /// Places this node in `frame`, which may lie between cells (matched geometry, transitions).
    func place(in frame: FloatRect) {
        let cells = frame.rounded
        fractionalFrame = FloatRect(cells) == frame ? nil : frame
        measured = nil
        place(in: cells)
    }

    /// Draws this node and its children, lowest `zIndex` first.
    func draw(on canvas: inout Canvas) {
        guard !isHidden else { return }
        switch drawnPart {
        case .nothing:
            break
        case .nothingAtAll:
            return
        case .leaf:
            if case .leaf(let draw) = kind { draw(frame, &canvas) }
        case .shape:
            if case .shape(let draw) = kind { draw(frame, restingSize ?? frame.size, &canvas) }
        case .effect:
            if case .effect(let effect) = kind { effect.draw(self, &canvas) { canvas in drawChildren(on: &canvas) } }
            return
        case .text:
            if case .text(let text, let style) = kind {
                canvas.put(glyphRun(of: text, fitting: frame.width), x: frame.minX, y: frame.minY, style: style)
            }
        }
        drawChildren(on: &canvas)
    }

    /// Every frame draws every node: the children are borrowed from this node, which holds them
    /// throughout, not retained and released one by one (about a third of drawing's time was
    /// those atomic operations on nodes scattered in memory). A node without children (a text,
    /// a shape) does not even borrow its empty array.
    private func drawChildren(on canvas: inout Canvas) {
        if let onlyChild { return onlyChild._withUnsafeGuaranteedRef { $0.draw(on: &canvas) } }
        guard !drawingOrder.isEmpty else { return }
        drawingOrder.withUnsafeBufferPointer { drawing in
            for index in drawing.indices {
                Unmanaged.passUnretained(drawing[index])._withUnsafeGuaranteedRef { $0.draw(on: &canvas) }
            }
        }
    }

    /// The longest start of `text` no wider than `width` cells (text is cut where it meets its frame).
    static func prefix(of text: String, fitting width: Int) -> String {
        guard TextWidth.of(text) > width else { return text }
        var used = 0
        var kept = ""
        for character in text {
            let w = TextWidth.of(character)
            if used + w > width { break }
            used += w
            kept.append(character)
        }
        return kept
    }
}

extension Axis {
    var other: Axis { self == .vertical ? .horizontal : .vertical }
}

extension Size {
    init(axis: Axis, along: Int, across: Int) {
        self = axis == .vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    func length(_ axis: Axis) -> Int { axis == .vertical ? height : width }
}

extension ViewNode {
    /// Calls `body` with each child, borrowed: layout and the graph's walks after it visit every
    /// node of every evaluation, and a `for child in children` loop retained and released each
    /// child it passed (callgrind, the flip scenario, 2026-12-01: layout 15.1M → 13.5M
    /// instructions). The array is held for the walk: children replaced meanwhile stay alive.
    @inline(__always)
    func forEachChild(_ body: (ViewNode) -> Void) {
        let children = self.children
        children.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) }
        }
    }

    /// `forEachChild` until `body` answers false; true when every child answered true.
    @inline(__always)
    func allChildren(_ body: (ViewNode) -> Bool) -> Bool {
        let children = self.children
        return children.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where !Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) {
                return false
            }
            return true
        }
    }
}
