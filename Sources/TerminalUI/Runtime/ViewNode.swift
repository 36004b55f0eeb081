/// One laid-out piece of the view tree: what the graph measures, places, draws and hit-tests.
/// Nodes are made afresh at every evaluation (views are values); what outlives an evaluation
/// (`@State`, appearances, animations) is kept by the graph under the node's identity.
public final class ViewNode {
    enum Kind {
        /// A primitive view: takes the space offered and draws itself in it.
        case leaf((Rect, inout Canvas) -> Void)
        /// One line of text: as wide as it is (cut at the space offered), one row high.
        case text(String, Style)
        /// `VStack`/`HStack`: children one after another along `axis`, aligned across it.
        case stack(Axis, alignment: Alignment, spacing: Int)
        /// `ZStack`: children on top of one another, aligned.
        case zstack(Alignment)
        /// `Spacer`: as long as a stack lets it be along the stack's axis, nothing across.
        case spacer(minLength: Int)
        /// `.padding`: the child inset on each side.
        case padding(EdgeInsets)
        /// `.frame(width:height:alignment:)`: the sizes given replace the child's.
        case frame(width: Int?, height: Int?, Alignment)
        /// `GeometryReader`: takes the space offered; its content is made once it knows that space.
        case geometry((GeometryProxy, inout ResolveContext) -> [ViewNode], ResolveContext)
        /// A shape: takes the space offered and rasterises itself there, given the size it had
        /// before a `rotation3DEffect` narrowed it (its resting size).
        case shape((Rect, Size, inout Canvas) -> Void)
        /// `.offset(x:y:)`: the child drawn moved, laid out where it was.
        case offset(Point)
        /// A modifier that draws around its content (Effects.swift): takes the space offered.
        case effect(NodeEffect)
    }

    /// Its size is the space it is offered whatever it holds (Layout.swift): evaluated again
    /// alone, it fits where it was laid out.
    var takesTheSpaceOffered: Bool {
        switch kind {
        case .leaf, .geometry, .shape, .effect: return true
        case .frame(let width, let height, _): return width != nil && height != nil
        case .text, .stack, .zstack, .spacer, .padding, .offset: return false
        }
    }

    /// What `draw` does with the node itself, known without reading `kind`: a copy of `kind`
    /// retains and releases its closure or string, and every frame draws every node (most of
    /// them containers that draw nothing themselves). `nothingAtAll`: not its children either
    /// (an effect that hides its content, NodeEffect.drawing).
    enum DrawnPart { case nothing, nothingAtAll, leaf, shape, effect, text }

    public let id: ViewID

    // What drawing and an animation frame's walk read of every node at every frame, declared
    // first so that it lies together at the node's start: a node is several cache lines long,
    // and a walk that read a line or two more per node spent most of its time waiting for
    // memory (perf, 2026-11-29).
    /// The children in drawing order: sorted by `zIndex` when one has one, ties in the order
    /// written. Sorted when they are given: every frame draws every node, and a `.zIndex` is set
    /// on its nodes as they are made, before they are anyone's children.
    private(set) var drawingOrder: [ViewNode] { didSet { onlyChild = Self.only(of: drawingOrder) } }
    /// The one child, when there is one (most nodes are a modifier's): drawn without reading the
    /// drawing order's array, an allocation of its own, at every frame. Not retained: `children`
    /// holds it, and it is set again whenever they change.
    private(set) var onlyChild: Unmanaged<ViewNode>?
    private(set) var drawnPart: DrawnPart
    /// Its transition shows nothing of it at this moment (Transitions.swift).
    var isHidden = false
    /// Where layout put this node (cells, on the canvas).
    public internal(set) var frame: Rect = .zero
    /// It left the tree and is drawn until its transition's presence is gone, as it was when it left.
    var isLeaving = false
    /// The evaluation of a view's body this node is the result of, kept for the next update
    /// while the view's inputs stay equal (KeptBodies.swift). Not retained: the graph owns kept
    /// bodies, and a kept body holds its node, so a strong link back kept every replaced body and
    /// its nodes alive (about 10 MiB a deal). Not `weak` either, which would give every kept body
    /// a side table and make each retain and release of it slow (GraphLink.swift): the kept body
    /// clears the link as it goes (`KeptBody.deinit`), which is what `weak` would do. Checked
    /// (`unowned`): a link that outlived its body would stop the program there, not read freed memory.
    unowned var keptBody: KeptBody? { didSet { keptBodyIdentity = keptBody.map(ObjectIdentifier.init) } }
    /// Which body `keptBody` is, readable while that body is being destroyed (a checked link to it
    /// no longer is): its `deinit` asks whether the link is its own to clear.
    private(set) var keptBodyIdentity: ObjectIdentifier?
    var children: [ViewNode] { didSet { drawingOrder = Self.zOrdered(children) ?? children } }
    var kind: Kind {
        didSet {
            (measuredText, drawnText) = (nil, nil)
            drawnPart = Self.drawnPart(of: kind)
        }
    }
    /// Where it lies in fractions of a cell, when an animation put it between cells (a matched
    /// frame in flight, a transition's): `frame` is this rounded. Views laid out in the very
    /// same cells lie there too; a `rotation3DEffect` turns it in eighths of a cell.
    public internal(set) var fractionalFrame: FloatRect?
    /// `.zIndex`: drawn above (and hit before) its siblings of lower index.
    public internal(set) var zIndex: Double = 0
    /// `.onTapGesture`: run by a click on what it draws, or the keyboard's activation of the node.
    var tapAction: (() -> Void)?
    /// `.allowsHitTesting(false)`: clicks pass through it and what it contains (HitTesting.swift).
    var allowsHitTesting = true
    /// `.contentShape`: where it is hit, in its frame, instead of where it draws.
    var contentShape: (any Shape)?
    /// `.transition`: how it comes and goes (Transitions.swift); while it does, the frame layout
    /// gave it.
    var transition: AnyTransition?
    var restingFrame: FloatRect?
    /// `.matchedGeometryEffect`: the group whose one frame this node's is (MatchedGeometry.swift).
    var matchedGeometry: ViewID?
    /// The last size asked for and given (a stack asks twice: to sort its children, then to place).
    var measured: (proposal: Size, size: Size)?
    /// The size layout gave this node before a `rotation3DEffect` around it narrowed it.
    var restingSize: Size?

    init(id: ViewID, kind: Kind, children: [ViewNode] = []) {
        self.id = id
        self.kind = kind
        self.children = children
        drawnPart = Self.drawnPart(of: kind)
        drawingOrder = Self.zOrdered(children) ?? children
        onlyChild = Self.only(of: drawingOrder)
    }

    private static func only(of children: [ViewNode]) -> Unmanaged<ViewNode>? {
        children.count == 1 ? Unmanaged.passUnretained(children[0]) : nil
    }

    private static func drawnPart(of kind: Kind) -> DrawnPart {
        switch kind {
        case .leaf: .leaf
        case .shape: .shape
        case .effect(let effect):
            switch effect.drawing {
            case .aroundContent: .effect
            case .contentAsItIs: .nothing
            case .nothing: .nothingAtAll
            }
        case .text: .text
        case .stack, .zstack, .spacer, .padding, .frame, .geometry, .offset: .nothing
        }
    }

    /// A text's width in cells, worked out once per text (a kept node is drawn at every frame).
    var textWidth: Int {
        if let measuredText { return measuredText }
        guard case .text(let text, _) = kind else { return 0 }
        measuredText = TextWidth.of(text)
        return measuredText ?? 0
    }
    private var measuredText: Int?

    /// A text's glyphs as drawn in `width` cells (cut where it meets its frame), checked and
    /// measured once per text and width (GlyphRun).
    func glyphRun(of text: String, fitting width: Int) -> GlyphRun {
        if let drawnText, drawnText.width == width { return drawnText.run }
        let run = GlyphRun(textWidth > width ? Self.prefix(of: text, fitting: width) : text)
        drawnText = (run, width)
        return run
    }
    private var drawnText: (run: GlyphRun, width: Int)?


    private static func zOrdered(_ children: [ViewNode]) -> [ViewNode]? {
        guard children.contains(where: { $0.zIndex != 0 }) else { return nil }
        return children.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
    }

    /// Children in drawing order: by `zIndex`, ties in the order written.
    var childrenInDrawingOrder: [ViewNode] { drawingOrder }

    public var isTappable: Bool { tapAction != nil }
}

/// SwiftUI's `Axis`.
public enum Axis: Sendable { case horizontal, vertical }

/// Where a smaller view sits in a larger space: SwiftUI's `Alignment`, in whole cells (centring
/// rounds towards the top and the leading edge).
public struct Alignment: Equatable, Sendable {
    public enum Position: Equatable, Sendable { case leading, center, trailing }
    public var horizontal: Position
    public var vertical: Position

    public init(horizontal: Position, vertical: Position) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .leading)
    public static let bottom = Alignment(horizontal: .center, vertical: .trailing)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .leading)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .leading)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .trailing)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .trailing)

    /// The origin of `size` placed in `rect`.
    func origin(of size: Size, in rect: Rect) -> Point {
        Point(x: rect.minX + Self.offset(size.width, in: rect.width, horizontal),
              y: rect.minY + Self.offset(size.height, in: rect.height, vertical))
    }

    static func offset(_ length: Int, in space: Int, _ position: Position) -> Int {
        switch position {
        case .leading: 0
        case .center: (space - length) / 2
        case .trailing: space - length
        }
    }
}

/// SwiftUI's `EdgeInsets`, in cells.
public struct EdgeInsets: Equatable, Sendable {
    public var top, leading, bottom, trailing: Int
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init(all length: Int) { self.init(top: length, leading: length, bottom: length, trailing: length) }
}
