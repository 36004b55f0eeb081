/// The help overlay.
enum OverlayCommand: Equatable, Sendable { case close, quit }
