import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing
import Memorize
import MemorizeTestSupport

/// The hostile input the terminal fuzz sends: key floods, broken escape sequences, invalid UTF-8,
/// mouse reports on and off the screen, and sizes to resize to.
extension EndToEndTests.FuzzTerminal {
    // MARK: - Input generators

    /// Game keys, weighted towards playing (focus moves and choosing); restart, new game and
    /// the theme chooser come separately and rarely, or games would never get far.
    static let floodKeys: [[UInt8]] = ["h", "j", "k", "l", " ", " ", " ", "\r", "\r", "\n", "d", "s", "\u{1B}",
                                       "\u{1B}OA", "\u{1B}OB", "\u{1B}OC", "\u{1B}OD", "\u{1B}[A", "\u{1B}[D", "x", "\t", "\u{7F}"]
        .map { Array($0.utf8) }

    static let brokenSequences: [String] = [
        "\u{1B}", "\u{1B}[", "\u{1B}[<", "\u{1B}[<0;", "\u{1B}[<0;5", "\u{1B}[<0;5;", "\u{1B}[M", "\u{1B}[M ",
        "\u{1B}O", "\u{1B}OZ", "\u{1B}[1;", "\u{1B}[1;5", "\u{1B}[99999999999999999999A", "\u{1B}[?1049h",
        "\u{1B}]0;title", "\u{1B}]52;c;", "\u{1B}P", "\u{1B}\\", "\u{1B}\u{1B}\u{1B}", "\u{1B}[200~", "\u{1B}[201~",
        "\u{1B}[3~", "\u{1B}[15;2~", "\u{1B}[Z", "\u{1B}[I", "\u{1B}[O", "\u{1B}[<64;10;10M", "\u{1B}[<0;0;0M",
        "\u{1B}[<-1;-1;-1M", "\u{1B}[<0;1;1mM", "\u{1B}[<;;M", "\u{1B}[<0;;5M", "\u{1B}[<0;5M",
    ]

    static let invalidUTF8: [[UInt8]] = [
        [0xC0, 0x80], [0xC1, 0xBF], [0xFF], [0xFE], [0x80], [0xBF, 0xBF], [0xF0, 0x9F], [0xF0, 0x9F, 0x8E],
        [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80],
        [0xC3], [0xE2, 0x82], [0xC3, 0x1B], [0xF0, 0x9F, 0x8E, 0x83], Array("é€🎃".utf8),
    ]

    /// A coordinate: on screen, just past its edge, far outside, zero, or absurdly long digits.
    static func coordinate(_ limit: Int, _ g: inout Generator) -> String {
        switch g.below(10) {
        case 0..<5: return "\(1 + g.below(max(1, limit)))"
        case 5: return "\(limit + 1 + g.below(3))"
        case 6: return "\(1 + g.below(99_999))"
        case 7: return "0"
        case 8: return String(repeating: "9", count: 10 + g.below(40))
        default: return "\(2_147_483_647 + g.below(3))"
        }
    }

    static func sgrMouse(_ size: Size, _ g: inout Generator) -> String {
        let button = g.pick([0, 0, 0, 1, 2, 3, 4, 8, 16, 32, 35, 64, 65, 66, 67, 128, 255, 99_999])
        let x = coordinate(size.width, &g), y = coordinate(size.height, &g)
        var text = "\u{1B}[<\(button);\(x);\(y)M"
        if g.chance(70) { text += "\u{1B}[<\(button);\(x);\(y)m" }
        return text
    }

    static func x10Mouse(_ size: Size, _ g: inout Generator) -> [UInt8] {
        // Each field is 32 + value; values past 223 cannot be written, so any byte goes.
        func field(_ limit: Int) -> UInt8 {
            switch g.below(4) {
            case 0, 1: return UInt8(min(255, 33 + g.below(max(1, limit))))
            case 2: return UInt8(g.below(256))
            default: return 255
            }
        }
        let button = g.pick([32, 32, 33, 34, 35, 96, 97, 64, 0, 255] as [UInt8])
        var bytes: [UInt8] = [0x1B, 0x5B, 0x4D, button, field(size.width), field(size.height)]
        if g.chance(70) { bytes += [0x1B, 0x5B, 0x4D, 35, bytes[4], bytes[5]] }
        return bytes
    }

    /// Every size from 1x1 to 300x100 occurs, but mostly modest ones: a debug build draws a
    /// 300x100 frame in about 9 ms, and it draws one for every key.
    static func randomSize(_ g: inout Generator) -> Size {
        switch g.below(20) {
        case 0, 1: return Size(width: 1, height: 1)
        case 2: return Size(width: 300, height: 100)
        case 3..<8: return Size(width: 80, height: 24)
        case 8..<10: return Size(width: 1 + g.below(300), height: 1 + g.below(100))
        default: return Size(width: 1 + g.below(120), height: 1 + g.below(40))
        }
    }

    /// A few actions to send in one tmux call.
    static func batch(_ g: inout Generator, size: Size) -> Batch {
        var batch = Batch(lastSize: size)
        for _ in 0..<(1 + g.below(6)) {
            switch g.below(100) {
            case 0..<25:                                       // key flood: mostly game keys
                var bytes: [UInt8] = []
                for _ in 0..<(5 + g.below(g.chance(10) ? 300 : 40)) { bytes += g.pick(floodKeys) }
                batch.send(bytes)
            case 25..<37:                                      // random bytes
                batch.send((0..<(1 + g.below(60))).map { _ in UInt8(g.below(256)) })
            case 37..<49:                                      // broken escape sequences
                var text = g.pick(brokenSequences)
                if g.chance(30) { text += g.pick(brokenSequences) }
                batch.send(text)
            case 49..<52:                                      // overlong CSI: hundreds of parameters
                let parameters = (0..<(20 + g.below(g.chance(10) ? 600 : 150))).map { _ in "\(g.below(100_000))" }.joined(separator: ";")
                batch.send("\u{1B}[" + (g.chance(50) ? "<" : "") + parameters + g.pick(["M", "m", "~", "A", ""]))
            case 52..<61:                                      // invalid UTF-8, alone or mid-sequence
                var bytes = g.pick(invalidUTF8)
                if g.chance(30) { bytes = Array("\u{1B}[<0;".utf8) + bytes + Array(";5M".utf8) }
                batch.send(bytes)
            case 61..<73: batch.send(sgrMouse(batch.lastSize, &g))
            case 73..<83: batch.send(x10Mouse(batch.lastSize, &g))
            case 83..<86: batch.send(g.pick(["r", "n", "t", "?", "a", "e", "c", "y"]))   // pages and dialogs
            default: batch.resize(randomSize(&g))
            }
        }
        return batch
    }
}
