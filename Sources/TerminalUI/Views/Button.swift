/// SwiftUI's `Button(title) { action }`, as a terminal draws one: "[Title]", one row high and
/// exactly that wide, in `style`. A click on it runs `action` (its `.onTapGesture`).
public struct Button: View, Equatable {
    public var title: String
    public var style: Style
    public var action: () -> Void

    public init(_ title: String, style: Style = .plain, action: @escaping () -> Void) {
        self.title = title
        self.style = style
        self.action = action
    }

    public var body: some View {
        let label = "[\(title)]"
        // As wide as its label, never cut: a stack lays it out before the space it shares.
        Text(label, style: style)
            .frame(width: TextWidth.of(label), height: 1)
            .onTapGesture(perform: action)
    }

    /// Buttons drawn alike are equal: Swift cannot compare actions, so a button kept from an
    /// earlier frame keeps its first one (give a button an action that reads state, not a copy of it).
    public static func == (a: Button, b: Button) -> Bool { a.title == b.title && a.style == b.style }
}
