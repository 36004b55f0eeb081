/// What a drawing modifier does in a graph: where its content goes in the rect the node takes,
/// and how the node draws (given the node; `content` draws its children). With `keepsRestingSizes`, the content
/// is laid out in the whole rect first and each node keeps that size as its `restingSize`: a
/// turned view's shapes are rasterised at their resting size and squeezed (Rotation3DEffect).
struct NodeEffect {
    /// Given the node's cells and where it lies in fractions of a cell (nil: on those cells).
    var place: (Rect, FloatRect?) -> Rect = { rect, _ in rect }
    var keepsRestingSizes = false
    var draw: (ViewNode, inout Canvas, (inout Canvas) -> Void) -> Void
    /// Where, in the node's frame, a click hits it (nil: where its content draws).
    var covers: ((Rect, Point) -> Bool)?
    /// What drawing the node comes to, when that is known as the effect is made: most effects
    /// at rest leave their content as it is (an opacity of 1, a spin nobody sees) or hide it
    /// (an opacity of 0, a text too small). Such a node is drawn without calling `draw`: every
    /// frame draws every node, and calling an effect reads its closure's context, memory no
    /// other part of the frame touches (cachegrind, 2026-11-29: a fifth of a flip frame's L1
    /// misses were those reads).
    var drawing: Drawing = .aroundContent

    enum Drawing {
        /// `draw` runs, and draws the content when and where it chooses.
        case aroundContent
        /// The content is drawn as if the effect were not there.
        case contentAsItIs
        /// Neither the effect nor its content draws anything.
        case nothing
    }
}

/// SwiftUI's `.offset(x:y:)`: the view drawn moved by whole cells.
public struct Offset<Content: View>: View {
    public var content: Content
    public var offset: Point

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        content.draw(in: Rect(x: rect.minX + offset.x, y: rect.minY + offset.y, width: rect.width, height: rect.height), on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        nodes.append(context.container(.offset(offset), content))
    }
}

/// Equal when their content is (`.equatable()` keeps a card's placing whole).
extension Offset: Equatable where Content: Equatable {}

/// SwiftUI's `.opacity(_:)`. A cell has no alpha: the cells the content writes get their ink
/// blended `1 - opacity` into their background (dimmed where they have no colours); at 0 the
/// content is not drawn. (A cell written exactly as it was is not seen to be written.)
public struct Opacity<Content: View>: View {
    public var content: Content
    public var opacity: Double

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        Self.fade(rect, by: opacity, on: &canvas) { content.draw(in: rect, on: &$0) }
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let opacity = opacity
        var effect = NodeEffect { node, canvas, content in
            Self.fade(node.frame, by: opacity, on: &canvas, content)
        }
        effect.drawing = opacity <= 0 ? .nothing : opacity >= 1 ? .contentAsItIs : .aroundContent
        nodes.append(context.container(.effect(effect), content))
    }

    static func fade(_ rect: Rect, by opacity: Double, on canvas: inout Canvas, _ content: (inout Canvas) -> Void) {
        guard opacity > 0 else { return }
        guard opacity < 1 else { return content(&canvas) }
        let area = rect.intersection(canvas.bounds)
        guard !area.isEmpty else { return content(&canvas) }
        // Only the cells the content wrote are faded: a copy of the area, compared after.
        let before = canvas.cells(in: area)
        content(&canvas)
        canvas.restyle(area, changedSince: before) { style in
            if case .rgb = style.foreground.asRGB, case .rgb = style.background.asRGB {
                style.foreground = style.foreground.blended(with: style.background, fraction: 1 - opacity)
            } else {
                style.dim = true
            }
        }
    }
}

extension Opacity: Equatable where Content: Equatable {}

/// SwiftUI's `.rotationEffect(_:)`. A terminal cannot turn a glyph: its honest stand-in is a
/// light of `trail` cells running round the ring of cells just outside the view (a card's
/// border), at the presented angle's share of the lap; a view at rest (declared at 0°), or
/// under reduced motion, shows none. With no light to show (`light` nil) it animates nothing:
/// a turn nobody sees keeps no timer running.
public struct RotationEffect<Content: View>: View, Animatable {
    public var content: Content
    public var angle: Angle
    /// The light's style; nil shows none.
    public var light: Style?
    public var trail: Int

    public var animatableData: Double {
        get { angle.degrees }
        set { angle.degrees = newValue }
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let declared = angle.degrees, light = light, trail = trail
        let still = light == nil || declared == 0 || (context.graph.animator?.reducedMotion ?? false)
        var target = self
        if light == nil { target.angle = Angle(degrees: 0) }
        let presented = context.withComponent(.named("rotationEffect")) { context in
            if light == nil { context.animation = nil }     // unseen: at rest at once
            return context.presented(target).angle.degrees
        }
        var effect = NodeEffect { node, canvas, content in
            content(&canvas)
            guard !still, let light else { return }
            Self.drawLight(round: node.frame, at: presented / 360, style: light, trail: trail, on: &canvas)
        }
        if still { effect.drawing = .contentAsItIs }
        nodes.append(context.container(.effect(effect), content))
    }

    /// The light at `phase` (0…1) of a lap round the ring outside `rect`.
    static func drawLight(round rect: Rect, at phase: Double, style: Style, trail: Int, on canvas: inout Canvas) {
        let ring = BorderWalk(Rect(x: rect.minX - 1, y: rect.minY - 1, width: rect.width + 2, height: rect.height + 2))
        guard ring.rect.width >= 2, ring.rect.height >= 2, phase.isFinite else { return }
        let head = Int(phase * Double(ring.count)) % ring.count
        for offset in 0..<min(trail, ring.count) {
            let p = ring[(head - offset + ring.count) % ring.count]
            canvas.restyle(Rect(origin: p, size: Size(width: 1, height: 1))) { $0 = style }
        }
    }
}

/// The border cells of a rectangle, clockwise from the top-left corner.
public struct BorderWalk: RandomAccessCollection {
    public let rect: Rect
    public init(_ rect: Rect) { self.rect = rect }
    public var startIndex: Int { 0 }
    public var endIndex: Int { Swift.max(0, 2 * (rect.width + rect.height) - 4) }
    public subscript(i: Int) -> Point {
        let w = rect.width, h = rect.height
        if i < w { return Point(x: rect.minX + i, y: rect.minY) }
        if i < w + h - 1 { return Point(x: rect.maxX - 1, y: rect.minY + (i - w + 1)) }
        if i < 2 * w + h - 2 { return Point(x: rect.maxX - 1 - (i - (w + h - 2)), y: rect.maxY - 1) }
        return Point(x: rect.minX, y: rect.maxY - 1 - (i - (2 * w + h - 3)))
    }
}

/// SwiftUI's `Font.system(size:)`, for `.font(_:)` below.
public struct Font: Equatable, Sendable {
    public var size: Double
    public static func system(size: Double) -> Font { Font(size: size) }
}

/// SwiftUI's `.scaleEffect(_:)`, for a terminal's one glyph size: the content is drawn at its
/// own size where every text in it fits whole, and not at all where one does not (or at 0).
public struct ScaleEffect<Content: View>: View {
    public var content: Content
    public var scale: Double

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        guard scale > 0 else { return }
        content.draw(in: rect, on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.makeWholeTextsOnly(content, drawn: scale > 0, into: &nodes)
    }
}

/// SwiftUI's `.font(_:)`. A terminal has one glyph size: a text is drawn at it where it fits
/// whole, not at all where it does not, nor at a size of 0 (lecture 8's `font(in:)` of a card too
/// narrow mid-turn) — what `.scaleEffect` does.
public struct FontView<Content: View>: View {
    public var content: Content
    public var font: Font

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        guard font.size > 0 else { return }
        content.draw(in: rect, on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.makeWholeTextsOnly(content, drawn: font.size > 0, into: &nodes)
    }
}

extension ResolveContext {
    /// `content` drawn only where every text in it fits whole, and only if `drawn`.
    mutating func makeWholeTextsOnly<Content: View>(_ content: Content, drawn: Bool, into nodes: inout [ViewNode]) {
        var effect = NodeEffect { node, canvas, content in
            guard drawn, node.textsFitWhole else { return }
            content(&canvas)
        }
        if !drawn { effect.drawing = .nothing }
        nodes.append(container(.effect(effect), content))
    }
}

extension ViewNode {
    /// Every text below this node is as wide as its frame allows (none is cut).
    var textsFitWhole: Bool {
        if case .text = kind, textWidth > frame.width { return false }
        return children.allSatisfy(\.textsFitWhole)
    }
}

extension View {
    public consuming func offset(x: Int = 0, y: Int = 0) -> Offset<Self> { Offset(content: self, offset: Point(x: x, y: y)) }
    public consuming func opacity(_ opacity: Double) -> Opacity<Self> { Opacity(content: self, opacity: opacity) }
    public consuming func rotationEffect(_ angle: Angle, light: Style? = Style(bold: true, reverse: true), trail: Int = 3) -> RotationEffect<Self> {
        RotationEffect(content: self, angle: angle, light: light, trail: trail)
    }
    public consuming func font(_ font: Font) -> FontView<Self> { FontView(content: self, font: font) }
    public consuming func scaleEffect(_ scale: Double) -> ScaleEffect<Self> { ScaleEffect(content: self, scale: scale) }
}

/// SwiftUI's `AnyView`: any view, its type erased (a modifier's content, as `Cardify`'s).
public struct AnyView: View {
    private let drawing: (Rect, inout Canvas) -> Void
    private let making: (inout ResolveContext, inout [ViewNode]) -> Void

    public init<V: View>(_ view: V) {
        drawing = { view.draw(in: $0, on: &$1) }
        making = { view._makeNodes(&$0, into: &$1) }
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) { drawing(rect, &canvas) }
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) { making(&context, &nodes) }

    /// Content that only makes nodes (an animated modifier's, AnimatedUnits.swift): drawn outside
    /// a graph, it draws nothing.
    init(making: @escaping (inout ResolveContext, inout [ViewNode]) -> Void) {
        drawing = { _, _ in }
        self.making = making
    }
}
