/// SwiftUI's `.padding(_:)`: the view inset on every side (drawn without a graph, in the rect
/// offered inset).
public struct Padding<Content: View>: View {
    public var content: Content
    public var insets: EdgeInsets

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        let inner = Rect(x: rect.minX + insets.leading, y: rect.minY + insets.top,
                         width: max(0, rect.width - insets.leading - insets.trailing),
                         height: max(0, rect.height - insets.top - insets.bottom))
        content.draw(in: inner, on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(context.container(.padding(insets), content))
    }
}

/// SwiftUI's `.frame(width:height:alignment:)`: the view offered, and taking, the sizes given;
/// the content aligned in them.
public struct FramedView<Content: View>: View {
    public var content: Content
    public var width: Int?
    public var height: Int?
    public var alignment: Alignment

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        let size = Size(width: min(width ?? rect.width, rect.width), height: min(height ?? rect.height, rect.height))
        content.draw(in: Rect(origin: alignment.origin(of: size, in: rect), size: size), on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(context.container(.frame(width: width.map { max(0, $0) }, height: height.map { max(0, $0) }, alignment), content))
    }
}

extension FramedView: Equatable where Content: Equatable {}

extension View {
    public consuming func padding(_ length: Int) -> Padding<Self> { Padding(content: self, insets: EdgeInsets(all: length)) }
    public consuming func padding(_ insets: EdgeInsets) -> Padding<Self> { Padding(content: self, insets: insets) }

    public consuming func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center) -> FramedView<Self> {
        FramedView(content: self, width: width, height: height, alignment: alignment)
    }
}

/// `GeometryReader` in a view tree: it takes all the space offered and makes its content for it.
extension GeometryReader: View where Content: View {
    public func draw(in rect: Rect, on canvas: inout Canvas) {
        content(offered: rect.size).draw(in: rect, on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let reader = self
        let build: (GeometryProxy, inout ResolveContext) -> [ViewNode] = { proxy, context in
            var children: [ViewNode] = []
            context.withComponent(.named("geometry")) { reader.content(offered: proxy.size)._makeNodes(&$0, into: &children) }
            return children
        }
        nodes.append(ViewNode(id: context.id, kind: .geometry(build, context)))
    }
}
