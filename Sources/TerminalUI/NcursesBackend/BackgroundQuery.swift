#if canImport(Glibc)
import Glibc
#endif

/// Asking the terminal for its background colour: the one terminal query ncurses cannot make
/// (terminfo has no capability for it), so the only escape bytes written by hand, here.
///
/// OSC 11 with `?` asks for the default background; DA1 (`CSI c`) follows as a sentinel: every
/// terminal answers DA1, in order, so its answer says that an OSC 11 answer, if any, has come
/// (the linux console and some multiplexers never answer OSC 11). Nothing waits for either: the
/// first frame goes out with the background assumed from COLORFGBG or dark, and the answer
/// recolours the screen when it arrives (NcursesPainter.recolor). The answers are read by
/// TerminalInputDecoder with the keys, bounded, and never given to the app as keys; a cut answer
/// is dropped after the decoder's pause for the rest of a sequence (0.12 s).
struct BackgroundQuery {
    /// `ESC ] 11 ; ? ESC \` then `ESC [ c`.
    static let bytes: [UInt8] = [0x1B] + Array("]11;?".utf8) + [0x1B, UInt8(ascii: "\\"), 0x1B] + Array("[c".utf8)

    enum State: Equatable {
        /// Not asked: `--background light|dark`, or no colours to recolour.
        case notAsking
        /// Asked at the first frame.
        case due
        case sent
        /// The terminal named its background.
        case answered(TerminalBackground)
        /// DA1 came without an OSC 11 answer before it: the assumed background stays.
        case unanswered
    }

    private(set) var state: State

    init(asking: Bool) { state = asking ? .due : .notAsking }

    /// Writes the query once, right after the first frame went out (ncurses has flushed it).
    mutating func sendIfDue(to fd: Int32) {
        guard state == .due else { return }
        state = .sent
        let written = Self.bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        // A terminal that would not take 13 bytes will not answer either: the assumption stays.
        if written != Self.bytes.count { state = .unanswered }
    }

    /// An answer read from the terminal; the background to show, when it named one.
    mutating func received(_ reply: TerminalReply) -> TerminalBackground? {
        switch reply {
        case .backgroundColor(let color?):
            let background = TerminalBackground(color: color)
            state = .answered(background)
            return background
        case .deviceAttributes:
            if state == .sent { state = .unanswered }
            return nil
        case .backgroundColor(nil), .otherOSC:
            return nil
        }
    }
}
