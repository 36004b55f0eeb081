import Primitives

/// An answer the terminal sends to a query of ours (BackgroundQuery), read from the same input as
/// keys and never given to the app as one.
enum TerminalReply: Equatable {
    /// OSC 11: the default background colour; nil when the answer named none we can read.
    case backgroundColor(RGB?)
    /// Another operating-system command's answer (OSC 10, 4, …): swallowed.
    case otherOSC
    /// DA1 (`CSI ? … c`): every terminal answers it, so it ends the wait for the answers before it.
    case deviceAttributes

    /// The longest OSC answer read as one (an OSC 11 answer is ~27 bytes): a longer one is cut
    /// off there, and its bytes are never kept without bound.
    static let maximumOSCLength = 128

    /// An OSC string's payload (between `ESC ]` and BEL or ST), e.g. `11;rgb:ffff/ffff/ffff`.
    static func osc(_ payload: ArraySlice<UInt8>) -> TerminalReply {
        guard let semicolon = payload.firstIndex(of: UInt8(ascii: ";")),
              payload[payload.startIndex..<semicolon].elementsEqual("11".utf8) else { return .otherOSC }
        return .backgroundColor(color(payload[(semicolon + 1)...]))
    }

    /// XParseColor's `rgb:R/G/B` (and `rgba:R/G/B/A`), each 1–4 hex digits scaled to 8 bits, as
    /// xterm, VTE, kitty and tmux answer; nil for anything else (`?`, a colour name, garbage).
    static func color(_ spec: ArraySlice<UInt8>) -> RGB? {
        let text = String(decoding: spec, as: UTF8.self)
        let fields: [Substring]
        if text.hasPrefix("rgb:") {
            fields = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
        } else if text.hasPrefix("rgba:") {
            fields = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            guard fields.count == 4 else { return nil }
        } else {
            return nil
        }
        var components: [UInt8] = []
        for field in fields.prefix(3) {
            guard (1...4).contains(field.utf8.count), let value = Int(field, radix: 16), !field.hasPrefix("-"), !field.hasPrefix("+") else { return nil }
            let maximum = (1 << (4 * field.utf8.count)) - 1
            components.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return RGB(components[0], components[1], components[2])
    }
}
