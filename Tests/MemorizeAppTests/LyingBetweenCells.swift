import TerminalUI

/// A view lying between cells, as only the runtime puts one there: one matched frame
/// (`@Namespace`) flying linearly from the whole cell left of `frame` to the next, drawn stopped
/// `frame`'s fraction of a cell along. A card in flight is drawn so (EmojiMemoryGameView.cardView(for:)).
struct LyingBetweenCells<Content: View>: View {
    @Namespace private var flight
    @State private var arrived = false
    let content: Content
    let frame: FloatRect
    let canvas: Size

    var body: some View {
        let x = Int(frame.x.rounded(.down)) + (arrived ? 1 : 0)
        content.frame(width: Int(frame.width), height: Int(frame.height))
            .matchedGeometryEffect(id: 0, in: flight)
            .offset(x: x, y: Int(frame.y))
            .frame(width: canvas.width, height: canvas.height, alignment: .topLeading)
            .onAppear { withAnimation(.linear(duration: 1)) { arrived = true } }
    }

    /// `content` drawn lying at `frame` on a canvas of `size`.
    static func draw(_ content: Content, at frame: FloatRect, size: Size) -> Canvas {
        let clock = VirtualClock()
        let graph = ViewGraph(animator: Animator(clock: clock))
        let view = LyingBetweenCells(content: content, frame: frame, canvas: size)
        graph.update(view, size: size)          // it appears, and its flight starts
        clock.advance(by: frame.x - frame.x.rounded(.down))
        var canvas = Canvas(size: size)
        graph.render(view, on: &canvas)
        return canvas
    }
}
