import Primitives
import Testing
@testable import TerminalUI

/// The terminal's background: contrast maths, COLORFGBG, the answers to OSC 11 and DA1 as the
/// decoder reads them, and the down-mapping that keeps glyphs off their own background's colour.
@Suite struct TerminalBackgroundTests {
    @Test func contrastIsWCAGs() {
        #expect(abs(Contrast.ratio(RGB(0, 0, 0), RGB(255, 255, 255)) - 21) < 0.001)
        #expect(Contrast.ratio(RGB(10, 20, 30), RGB(10, 20, 30)) == 1)
        // #777 on white is WCAG's well-known 4.48:1.
        #expect(abs(Contrast.ratio(RGB(0x77, 0x77, 0x77), RGB(255, 255, 255)) - 4.48) < 0.01)
    }

    @Test("adjusted colours read at 3:1 and keep their hue", arguments: [
        RGB(255, 200, 0), RGB(255, 140, 0), RGB(0, 0, 200), RGB(20, 20, 20), RGB(250, 248, 240), RGB(128, 128, 128),
    ])
    func adjustedReadsOnBoth(color: RGB) {
        for background in [TerminalBackground.light, .dark] {
            let adjusted = Contrast.adjusted(color, against: background.color)
            #expect(Contrast.ratio(adjusted, background.color) >= Contrast.legible)
            if Contrast.ratio(color, background.color) >= Contrast.legible { #expect(adjusted == color) }
        }
    }

    @Test func colorFGBG() {
        #expect(TerminalBackground.fromColorFGBG("15;0") == .dark)
        #expect(TerminalBackground.fromColorFGBG("0;15") == .light)
        #expect(TerminalBackground.fromColorFGBG("0;default;7") == .light)
        #expect(TerminalBackground.fromColorFGBG("7;8") == .dark)
        for bad in [nil, "", "x", "0;16", "0;-1", "0;" + String(repeating: "1", count: 40), "0;1\u{1B}"] as [String?] {
            #expect(TerminalBackground.fromColorFGBG(bad) == nil, "\(String(describing: bad))")
        }
        #expect(TerminalBackground.light.isLight && !TerminalBackground.dark.isLight)
    }

    // MARK: answers read with the keys

    static func decode(_ text: String, paused: Bool = true) -> [TerminalInputDecoder.Output] {
        var decoder = TerminalInputDecoder()
        decoder.append(Array(text.utf8))
        var outputs: [TerminalInputDecoder.Output] = []
        while let output = decoder.next() { outputs.append(output) }
        if paused { while let output = decoder.next(inputPaused: true) { outputs.append(output) } }
        return outputs
    }

    @Test func backgroundAnswersAndDA1AreRepliesNotKeys() {
        #expect(Self.decode("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c")
                == [.reply(.backgroundColor(RGB(255, 255, 255))), .reply(.deviceAttributes)])
        #expect(Self.decode("\u{1B}]11;rgb:00/80/ff\u{7}q") == [.reply(.backgroundColor(RGB(0, 128, 255))), .key(.character("q"))])
        #expect(Self.decode("\u{1B}]11;rgba:1/2/3/f\u{7}") == [.reply(.backgroundColor(RGB(17, 34, 51)))])
        #expect(Self.decode("\u{1B}]10;rgb:0/0/0\u{7}") == [.reply(.otherOSC)])
        #expect(Self.decode("\u{1B}[?1;2c") == [.reply(.deviceAttributes)])
    }

    @Test func brokenAndHostileAnswersNeverBecomeKeysOrCrash() {
        for spec in ["rgb:ffff/ffff", "rgb:fffff/0/0", "rgb:-1/0/0", "rgb:+f/0/0", "rgb://", "?", "white", "rgb:g/0/0", ""] {
            #expect(Self.decode("\u{1B}]11;\(spec)\u{7}") == [.reply(.backgroundColor(nil))], "\(spec)")
        }
        // Longer than any answer: dropped through its end, none of it a key, the key after it read.
        #expect(Self.decode("\u{1B}]11;" + String(repeating: "a", count: 10_000) + "\u{7}q") == [.key(.character("q"))])
        #expect(Self.decode("\u{1B}]11;" + String(repeating: "a", count: 10_000) + "\u{1B}\\q") == [.key(.character("q"))])
        // One that never ends is dropped only up to a bound (or a pause): keys come back after it.
        let endless = Self.decode("\u{1B}]11;" + String(repeating: "a", count: TerminalInputDecoder.overlongAnswerLimit + 200), paused: false)
        #expect(endless.count < 200 && endless.allSatisfy { $0 == .key(.character("a")) })
        // A control byte breaks the answer: dropped, and the byte is read again.
        #expect(Self.decode("\u{1B}]11;rgb:1/2\r/3\u{7}").first == .key(.enter))
        // Cut short, then a pause: dropped, not read as keys.
        #expect(Self.decode("\u{1B}]11;rgb:ffff/ff").isEmpty)
        #expect(Self.decode("\u{1B}[?62;2").isEmpty)
        // Not yet complete, no pause: waits for the rest.
        #expect(Self.decode("\u{1B}]11;rgb:ff", paused: false).isEmpty)
        // Alt-] followed by a letter is still Esc and the keys.
        #expect(Self.decode("\u{1B}]x") == [.key(.escape), .key(.character("]")), .key(.character("x"))])
        // Split across reads, it is still one answer.
        var decoder = TerminalInputDecoder()
        let whole = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8)
        var outputs: [TerminalInputDecoder.Output] = []
        for byte in whole {
            decoder.append([byte])
            while let output = decoder.next() { outputs.append(output) }
        }
        #expect(outputs == [.reply(.backgroundColor(RGB(255, 255, 255)))])
    }

    @Test func queryStates() {
        var query = BackgroundQuery(asking: true)
        #expect(query.state == .due)
        #expect(query.received(.deviceAttributes) == nil)
        var unanswered = BackgroundQuery(asking: true)
        unanswered.sendIfDue(to: -1)    // a write that fails: no answer will come
        #expect(unanswered.state == .unanswered)
        #expect(query.received(.backgroundColor(RGB(250, 250, 250))) == TerminalBackground(color: RGB(250, 250, 250)))
        #expect(BackgroundQuery.bytes == Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8))
    }

    // MARK: down-mapping

    /// The bonus pie: the theme at "opacity 0.5" over the near-white face; at 8 colours both were
    /// nearest to colour 7 (SGR 37 on 47).
    @Test("a glyph never goes out in its background's colour", arguments: [NcursesColorDepth.ansi8, .ansi16, .xterm256])
    func neverTheBackgroundsColour(depth: NcursesColorDepth) {
        let face = Color.rgb(250, 248, 240)
        for theme in [Color.rgb(255, 140, 0), .rgb(255, 200, 0), .rgb(230, 230, 230), .rgb(0, 0, 200), .rgb(40, 160, 60)] {
            for background in [face, theme] {
                for fraction in [0.25, 0.5, 0.75] {
                    let glyph = theme.blended(with: face, fraction: fraction)
                    guard glyph != background else { continue }
                    let look = NcursesStyleMapping.look(for: Style(foreground: glyph, background: background), depth: depth, defaultColors: true)
                    #expect(NcursesStyleMapping.shownRGB(look.foreground, depth: depth) != NcursesStyleMapping.shownRGB(look.background, depth: depth),
                            "\(glyph) on \(background) at \(depth)")
                }
            }
        }
    }

    @Test("text on the terminal's background reads at 3:1", arguments: [NcursesColorDepth.ansi8, .ansi16, .xterm256, .direct])
    func textOnTheTerminalBackground(depth: NcursesColorDepth) {
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) {
                    for background in [TerminalBackground.light, .dark] {
                        let color = Color.rgb(UInt8(r), UInt8(g), UInt8(b))
                        let look = NcursesStyleMapping.look(for: Style(foreground: color, legible: true), depth: depth, defaultColors: true, background: background)
                        guard let shown = NcursesStyleMapping.shownRGB(look.foreground, depth: depth) else {
                            Issue.record("no colour for \(color)")
                            continue
                        }
                        #expect(Contrast.ratio(shown, background.color) >= Contrast.legible, "\(color) on \(background) at \(depth)")
                    }
                }
            }
        }
    }

    @Test func aPairThatReadWellStillDoes() {
        // Text on a pale face reads at 8 colours, even text that did not read before the mapping;
        // a block of one colour stays one.
        for text in [Color.rgb(120, 90, 0), .rgb(255, 200, 0)] {
            let look = NcursesStyleMapping.look(for: Style(foreground: text, background: .rgb(250, 248, 240), legible: true), depth: .ansi8, defaultColors: true)
            let fg = NcursesStyleMapping.shownRGB(look.foreground, depth: .ansi8)!, bg = NcursesStyleMapping.shownRGB(look.background, depth: .ansi8)!
            #expect(Contrast.ratio(fg, bg) >= Contrast.legible, "\(text)")
        }
        // A shape (a forest-green border on the face) keeps its hue: green, not black.
        #expect(NcursesStyleMapping.look(for: Style(foreground: .rgb(34, 139, 34), background: .rgb(250, 248, 240)), depth: .ansi8, defaultColors: true).foreground == 2)
        let look = NcursesStyleMapping.look(for: Style(foreground: .rgb(120, 90, 0), background: .rgb(250, 248, 240), legible: true), depth: .ansi8, defaultColors: true)
        let fg = NcursesStyleMapping.shownRGB(look.foreground, depth: .ansi8)!, bg = NcursesStyleMapping.shownRGB(look.background, depth: .ansi8)!
        #expect(Contrast.ratio(fg, bg) >= Contrast.legible)
        let block = NcursesStyleMapping.look(for: Style(foreground: .rgb(255, 200, 0), background: .rgb(255, 200, 0)), depth: .ansi8, defaultColors: true)
        #expect(block.foreground == block.background)
        // A shape on the terminal's background (a card's edge) keeps its colour: it must match the card.
        for depth in [NcursesColorDepth.ansi8, .xterm256, .direct] {
            let edge = NcursesStyleMapping.look(for: Style(foreground: .rgb(255, 200, 0)), depth: depth, defaultColors: true, background: .light)
            let card = NcursesStyleMapping.look(for: Style(background: .rgb(255, 200, 0)), depth: depth, defaultColors: true, background: .light)
            #expect(edge.foreground == card.background, "\(depth)")
        }
        // Palette colours asked for by number are sent as asked.
        #expect(NcursesStyleMapping.look(for: Style(foreground: .blue), depth: .ansi8, defaultColors: true, background: .dark).foreground == 4)
    }
}
