import Foundation
import Testing
import TerminalUI
@testable import MemorizeApp

/// The README's pictures are outputs of `bash scripts/pictures.sh`, never hand-edited: the
/// screenshot must be exactly what the current code draws from `assets/demo.keys`, and the
/// recording must be an asciicast v2 file of the script's 100x30 terminal.
@Suite struct PicturesTests {
    static let assets = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets")
    static let regenerate = "regenerate it with `bash scripts/pictures.sh`"

    private func demoScript() throws -> KeyScript {
        try KeyScript.loadGame(path: Self.assets.appendingPathComponent("demo.keys").path)
    }

    @Test func demoScriptIsA100x30GameWithOneScreenshot() throws {
        let script = try demoScript()
        #expect(script.size == Size(width: 100, height: 30))
        #expect(script.seed != nil, "a seeded game, so the pictures are the same every run")
        #expect(script.commands.filter { $0.action == .snapshot("screenshot") }.count == 1)
    }

    @Test func screenshotIsWhatTheCodeDraws() throws {
        var screenshots: [Canvas] = []
        try HeadlessSession.runCanvases(script: try demoScript()) { name, canvas in
            if name == "screenshot" { screenshots.append(canvas) }
        }
        let canvas = try #require(screenshots.first, "assets/demo.keys takes no `snapshot screenshot`")
        let expected = CanvasSVG.render(canvas)
        let url = Self.assets.appendingPathComponent("screenshot.svg")
        let committed = try #require(try? String(contentsOf: url, encoding: .utf8),
                                     "assets/screenshot.svg is missing: \(Self.regenerate)")
        if committed != expected {
            let a = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count
            Issue.record("""
                assets/screenshot.svg is not what the code draws from assets/demo.keys (first difference \
                at line \(line + 1)): \(Self.regenerate)
                """)
        }
        // The picture shows a game in progress: the score line and some face-up emoji.
        #expect(canvas.plainText.contains("Score: "))
        #expect(expected.contains("font-family=\"&apos;Noto Color Emoji&apos;"))
    }

    @Test func recordingIsAsciicastV2At100x30() throws {
        let url = Self.assets.appendingPathComponent("demo.cast")
        let text = try #require(try? String(contentsOf: url, encoding: .utf8),
                                "assets/demo.cast is missing: \(Self.regenerate)")
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        let headerLine = try #require(lines.first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(headerLine.utf8)) as? [String: Any],
                                  "the first line is the header object")
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100)
        #expect(header["height"] as? Int == 30)

        var last = 0.0
        var output = 0
        for (index, line) in lines.dropFirst().enumerated() {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any]
            guard let event, event.count == 3, let time = (event[0] as? NSNumber)?.doubleValue,
                  let code = event[1] as? String, event[2] is String else {
                Issue.record("line \(index + 2) is not an event [time, code, data]: \(line.prefix(80))")
                return
            }
            #expect(time >= last, "line \(index + 2): time goes backwards")
            #expect(["o", "i", "r", "m"].contains(code), "line \(index + 2): unknown event code \(code)")
            last = time
            if code == "o" { output += 1 }
        }
        #expect(output > 10, "the recording shows the game being played")
        #expect(last > 5, "the recording lasts as long as the script's waits")
    }

    /// The picture of a game against the computer, from assets/opponent.keys.
    @Test func opponentScreenshotIsWhatTheCodeDraws() throws {
        let script = try KeyScript.loadGame(path: Self.assets.appendingPathComponent("opponent.keys").path)
        #expect(script.mode != nil && script.seed != nil, "a seeded game against the computer")
        var screenshots: [Canvas] = []
        try HeadlessSession.runCanvases(script: script) { name, canvas in
            if name == "screenshot" { screenshots.append(canvas) }
        }
        let canvas = try #require(screenshots.first, "assets/opponent.keys takes no `snapshot screenshot`")
        let committed = try? String(contentsOf: Self.assets.appendingPathComponent("opponent.svg"), encoding: .utf8)
        #expect(committed == CanvasSVG.render(canvas), "assets/opponent.svg is not what the code draws: \(Self.regenerate)")
        #expect(canvas.plainText.contains("▸Computer"), "the picture shows the computer's turn")
        #expect(FileManager.default.fileExists(atPath: Self.assets.appendingPathComponent("opponent.cast").path))
    }
}
