import Memorize
import MemorizeApp
import TerminalUI

/// Figure 1: what one animated frame costs to compute (tick + layout + animator + rasterizing
/// into the Canvas), in process, on the virtual clock, with no terminal.
///
/// Only `HeadlessSession` is public, so frames are timed through key-script snapshots: at each
/// sample time the script takes two snapshots back to back at the same virtual instant, and the
/// thread CPU time from the first snapshot's callback returning to the second's being entered is
/// exactly one `tick()` + `render(in:)` + the snapshot's text formatting (`SnapshotFormat.render`,
/// i.e. `Canvas.plainText`). Right after each sample the formatting alone is timed on a canvas
/// holding the same text and subtracted from that sample: paired in time, because on a shared VM
/// the CPU time of the same work moves with what runs on the sibling hyperthread.
/// With a public way to build the app's `RunLoopContent` this file would time `tick()` +
/// `render(in:)` directly (see the report).
enum HeadlessFrameCost {
    struct Case {
        var name: String
        var size: Size
        var theme: Theme
        /// Script lines that bring the game to the first sample (after `size`/`seed`).
        var setup: [String]
        var sampleEvery: Int   // ms of virtual time between samples
        var samples: Int
    }

    struct Result {
        var caseName: String
        /// Per-frame cost with the formatting overhead removed, in ms.
        var frames: [Double]
        /// The formatting cost that was removed, per sample, in ms.
        var formatting: [Double]
    }

    /// Theme with 20 pairs (40 cards): the built-in themes' distinct emoji, in file order. No
    /// built-in theme has 20 pairs; this plays exactly as a user theme of that size would.
    static func fortyCardTheme() -> Theme {
        var emoji: [String] = []
        for theme in Launcher.builtInThemes() {
            for e in theme.emoji where !emoji.contains(e) { emoji.append(e) }
        }
        return Theme(name: "Bench40", emoji: Array(emoji.prefix(20)), pairs: 20,
                     color: RGBColor(red: 0xff, green: 0x8c, blue: 0x00))
    }

    static func cases() -> [Case] {
        let vehicles = Launcher.builtInThemes().first { $0.name == "Vehicles" } ?? Launcher.builtInThemes()[0]
        return [
            // Deal: 40 cards fly from the deck (2.5 s in all); sample 0.3 s … 2.3 s, several in flight.
            Case(name: "deal40.200x60", size: Size(width: 200, height: 60), theme: fortyCardTheme(),
                 setup: ["key d", "wait 300ms"], sampleEvery: 20, samples: 100),
            // Flip: 20 dealt cards, the focused one turning face up (0.5 s); sample every 5 ms of it.
            Case(name: "flip1of20.120x40", size: Size(width: 120, height: 40), theme: vehicles,
                 setup: ["key d", "wait 3000ms", "key space"], sampleEvery: 5, samples: 100),
            // Pie: the same card face up after its flip, its bonus pie sweeping down (6 s).
            Case(name: "pie1of20.120x40", size: Size(width: 120, height: 40), theme: vehicles,
                 setup: ["key d", "wait 3000ms", "key space", "wait 600ms"], sampleEvery: 50, samples: 100),
        ]
    }

    static func script(for c: Case) -> String {
        var lines = ["size \(c.size.width)x\(c.size.height)", "seed 1"] + c.setup
        for _ in 0..<c.samples {
            lines += ["snapshot a", "snapshot b", "wait \(c.sampleEvery)ms"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func measure(_ c: Case, warmUps: Int = 2, sessions: Int = 10) throws -> Result {
        let script = try KeyScript.parseGame(script(for: c), source: "<\(c.name)>")
        var options = AppOptions()
        options.requestedSize = c.size
        var frames: [Double] = [], formatting: [Double] = []
        for session in 0..<(warmUps + sessions) {
            var firstReturned: Double?
            try HeadlessSession.run(script: script, options: options, themes: [c.theme], theme: c.theme, seed: 1) { text in
                let entered = ThreadCPU.now
                if text.hasPrefix("--- snapshot a ") {
                    firstReturned = ThreadCPU.now
                } else if let start = firstReturned {
                    firstReturned = nil
                    guard session >= warmUps else { return }
                    let textCost = formattingCost(of: text, size: c.size)
                    frames.append(max(0, entered - start - textCost) * 1000)
                    formatting.append(textCost * 1000)
                }
            }
        }
        return Result(caseName: c.name, frames: frames, formatting: formatting)
    }

    /// Median seconds `SnapshotFormat.render` takes for a canvas holding `snapshotText`'s glyphs.
    static func formattingCost(of snapshotText: String, size: Size, repeats: Int = 5) -> Double {
        var canvas = Canvas(size: size)
        for (y, line) in snapshotText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().enumerated()
            where y < size.height {
            canvas.put(String(line), x: 0, y: y)
        }
        var times: [Double] = []
        var sink = 0
        for _ in 0..<repeats {
            let start = ThreadCPU.now
            sink &+= SnapshotFormat.render(name: "b", canvas: canvas).utf8.count
            times.append(ThreadCPU.now - start)
        }
        if sink == 42 { print("") }   // keeps the work observable to the optimizer
        return Stats.median(times)
    }
}
