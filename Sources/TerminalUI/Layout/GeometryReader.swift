/// SwiftUI's `GeometryReader` (lecture 4): content made from the space it is offered. A terminal
/// offers whole cells, so the proxy holds a `Size`. The one who draws offers the size (the whole
/// terminal, or what the help or the inspector leave of it) and gets the content for it.
public struct GeometryProxy: Equatable {
    public let size: Size
    public init(size: Size) { self.size = size }
}

public struct GeometryReader<Content> {
    private let make: (GeometryProxy) -> Content

    public init(_ content: @escaping (GeometryProxy) -> Content) { make = content }

    /// The content for the space offered.
    public func content(offered size: Size) -> Content { make(GeometryProxy(size: size)) }
}
