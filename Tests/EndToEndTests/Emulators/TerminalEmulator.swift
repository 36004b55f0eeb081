import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One real terminal emulator set up as a player might have it.
struct TerminalEmulator: CustomTestStringConvertible, Sendable, Hashable {
    enum Program: Sendable, Hashable { case xterm, kitty }
    enum Background: String, Sendable, Hashable { case light, dark }

    let program: Program
    /// xterm's TERM (`-tn`); kitty sets its own (xterm-kitty).
    let term: String
    let background: Background

    var name: String {
        switch program {
        case .xterm: return "xterm-\(term == "xterm" ? "8" : "256")-\(background.rawValue)"
        case .kitty: return "kitty-\(background.rawValue)"
        }
    }
    var testDescription: String { name }

    /// xterm as it comes (TERM=xterm: 8 colours; white background) and as many set it up.
    static let xterm8Light = TerminalEmulator(program: .xterm, term: "xterm", background: .light)
    static let xterm8Dark = TerminalEmulator(program: .xterm, term: "xterm", background: .dark)
    static let xterm256Light = TerminalEmulator(program: .xterm, term: "xterm-256color", background: .light)
    static let xterm256Dark = TerminalEmulator(program: .xterm, term: "xterm-256color", background: .dark)
    /// kitty draws block and box glyphs itself (not from the font), and emoji in colour; its
    /// default background is dark.
    static let kittyDark = TerminalEmulator(program: .kitty, term: "xterm-kitty", background: .dark)

    static let all = [xterm8Light, xterm8Dark, xterm256Light, xterm256Dark, kittyDark]

    /// The X window class `xdotool search --class` finds it by.
    var windowClass: String { program == .xterm ? "xterm" : "kitty" }

    /// The emulator's command line running `shellCommand` in `columns`x`rows` cells at the top left.
    func commandLine(columns: Int, rows: Int, shellCommand: String) -> (String, [String]) {
        switch program {
        case .xterm:
            // -b 0 -w 0: no inner or outer border, so cell (0,0) starts at the window's corner.
            var arguments = ["-w", "0", "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "14",
                             "-geometry", "\(columns)x\(rows)+0+0", "-tn", term]
            if background == .dark { arguments += ["-bg", "black", "-fg", "white"] }
            return (EmulatorTools.xterm, arguments + ["-e", "/bin/sh", "-c", shellCommand])
        case .kitty:
            let options = ["font_family=DejaVu Sans Mono", "font_size=14", "window_padding_width=0",
                           "remember_window_size=no", "initial_window_width=\(columns)c", "initial_window_height=\(rows)c",
                           "placement_strategy=top-left", "cursor_blink_interval=0"]
            return (EmulatorTools.kitty, ["--config", "NONE"] + options.flatMap { ["-o", $0] } + ["/bin/sh", "-c", shellCommand])
        }
    }

    /// Extra environment: kitty renders with OpenGL, which Xvfb gives only in software.
    var environment: [String: String] {
        program == .kitty ? ["LIBGL_ALWAYS_SOFTWARE": "1"] : [:]
    }
}
