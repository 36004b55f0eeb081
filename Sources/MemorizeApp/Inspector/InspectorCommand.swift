/// The inspector, over the game page and its win screen (AppRouter+Inspector.swift).
enum InspectorCommand: Equatable, Sendable {
    case toggle, switchFocus, pauseTime, stepFrame
    /// With the keys in the inspector: select the card before or after in the model's order.
    case select(Int)
}
