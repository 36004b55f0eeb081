import Testing
import ThemeFormat
@testable import ThemeCodegen

/// A theme file the reader refuses fails the build with the reader's reason at the file's line,
/// in the `file:line:column: error:` form SwiftPM shows.
@Suite struct BuildDiagnosticTests {
    func diagnostic(_ json: String) -> String? {
        do {
            _ = try ThemeLibrary.decode(Array(json.utf8), source: "/src/assets/themes.json")
            return nil
        } catch let problem as ThemeFileError {
            return BuildDiagnostic.error(problem)
        } catch {
            return "not a ThemeFileError: \(error)"
        }
    }

    @Test func namesFileLineAndTheReadersReason() {
        let badColor = """
            {"themes": [
              {"name": "A", "emoji": ["🎃", "👻"], "pairs": 2,
               "color": "orange"}
            ]}
            """
        #expect(diagnostic(badColor)
                == ##"/src/assets/themes.json:3:13: error: themes[0].color: expected a colour written "#rrggbb", found "orange""##)
        #expect(diagnostic("{\"themes\": [\n  {\"name\": \"A\",}\n  ,]}") == "/src/assets/themes.json:2:3: error: themes[0]: missing \"emoji\"")
    }

    @Test func quotedTextCannotWriteEscapeSequencesIntoTheBuildLog() {
        let hostile = "{\"themes\": [{\"name\": \"A\", \"emoji\": [\"🎃\", \"👻\"], \"pairs\": 2, \"color\": \"\\u001b[31m\\u202e\"}]}"
        let shown = diagnostic(hostile) ?? ""
        #expect(shown.contains("error: themes[0].color"))
        #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(shown.contains("?[31m?"))
    }

    @Test func aProblemWithNoPlaceNamesTheFile() {
        let problem = ThemeFileError(source: "/src/assets/themes.json", line: nil, column: nil, reason: "empty")
        #expect(BuildDiagnostic.error(problem) == "/src/assets/themes.json: error: empty")
    }
}
