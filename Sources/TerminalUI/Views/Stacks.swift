/// SwiftUI's `ZStack`: its views one on top of the other, the first at the back, each aligned
/// in the space the stack takes. (Drawn without a graph, every layer fills the rect offered,
/// as Cardify's shape and face do.)
public struct ZStack<Content: View>: View {
    public var alignment: Alignment
    public var content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        content.draw(in: rect, on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(context.container(.zstack(alignment), content))
    }
}

/// SwiftUI's `VStack`: its views top to bottom, aligned across. A terminal's default spacing
/// is no cells at all (SwiftUI's is a few points).
public struct VStack<Content: View>: View {
    public var alignment: Alignment.Position
    public var spacing: Int
    public var content: Content

    public init(alignment: Alignment.Position = .center, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(context.container(.stack(.vertical, alignment: Alignment(horizontal: alignment, vertical: .leading),
                                              spacing: spacing), content))
    }
}

/// SwiftUI's `HStack`: its views leading to trailing, aligned across.
public struct HStack<Content: View>: View {
    public var alignment: Alignment.Position
    public var spacing: Int
    public var content: Content

    public init(alignment: Alignment.Position = .center, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(context.container(.stack(.horizontal, alignment: Alignment(horizontal: .leading, vertical: alignment),
                                              spacing: spacing), content))
    }
}

/// SwiftUI's `Spacer`: in a stack, all the length the other views leave.
public struct Spacer: View {
    public var minLength: Int
    public init(minLength: Int = 0) { self.minLength = minLength }
    public func draw(in rect: Rect, on canvas: inout Canvas) {}
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(id: context.id, kind: .spacer(minLength: minLength)))
    }
}

/// SwiftUI's `Text`, one line of it: as wide as it is, cut where its frame ends. Drawn through
/// `Canvas.put`, which shows no control or bidi character.
public struct Text: View {
    public var content: String
    public var style: Style

    public init(_ content: String, style: Style = .plain) {
        self.content = content
        self.style = style
    }

    /// SwiftUI's `.foregroundColor` and friends, as the terminal has them: one style per run.
    public func style(_ style: Style) -> Text { Text(content, style: style) }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        _ = canvas.put(ViewNode.prefix(of: content, fitting: rect.width), x: rect.minX, y: rect.minY, style: style)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(id: context.id, kind: .text(content, style)))
    }
}

/// SwiftUI's `ForEach`: a view per element, each identified by the element's id — so a view
/// keeps its `@State` when elements are inserted, removed or reordered around it.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var data: Data
    /// Each element's id: read through the key path given, or an `Identifiable` element's `id`
    /// read directly (a key path is applied by the runtime's generic code, about 2,000
    /// instructions a card at every evaluation of the game page).
    let identify: (Data.Element) -> ID
    public var content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0[keyPath: id] }, content: content)
    }

    init(_ data: Data, identify: @escaping (Data.Element) -> ID, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.identify = identify
        self.content = content
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        for element in data { content(element).draw(in: rect, on: &canvas) }
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        for element in data {
            context.withComponent(.id(ViewID.ElementID(identify(element)))) { content(element)._makeNodes(&$0, into: &nodes) }
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0.id }, content: content)
    }
}

extension ResolveContext {
    /// A container node of `kind` holding `content`'s nodes. When its content presented a value
    /// no unit inside claimed, it is that value's animated unit: an animation frame makes its
    /// content again, and nothing else (AnimatedUnits.swift).
    mutating func container(_ kind: ViewNode.Kind, _ content: some View) -> ViewNode {
        let start = graph.beginUnit()
        var children: [ViewNode] = []
        content._makeNodes(&self, into: &children)
        let node = ViewNode(id: id, kind: kind, children: children)
        if graph.unclaimedKeys.count > start.keys, !node.containsGeometry() {
            var place = self
            place.animation = nil
            graph.claimKeys(since: start, kind: .children, node: node) {
                var context = place
                var children: [ViewNode] = []
                content._makeNodes(&context, into: &children)
                return children
            }
        }
        return node
    }
}

/// SwiftUI's `Group`: views gathered so that modifiers apply to each (lecture 8 groups the two
/// pies to pad them once); it lays nothing out itself.
public struct Group<Content: View>: View {
    public var content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        content._makeNodes(&context, into: &nodes)
    }
}
