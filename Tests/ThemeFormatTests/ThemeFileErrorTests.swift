import Foundation
import Testing
import Memorize
@testable import MemorizeStore
@testable import ThemeFormat

/// Broken theme files must say where: the player edits the file by hand.
@Suite struct ThemeFileErrorTests {
    /// Decodes `json` expecting failure; returns the error.
    func error(decoding json: String) throws -> ThemeFileError {
        do {
            let themes = try ThemeLibrary.decode(Data(json.utf8), source: "my-themes.json")
            Issue.record("decoded \(themes.count) themes from a broken file")
            throw CancellationError()
        } catch let error as ThemeFileError {
            return error
        }
    }

    let header = """
        {
          "themes": [
            {
              "name": "Halloween",
        """

    @Test func missingCommaGivesTheLine() throws {
        let error = try error(decoding: header + """

                  "emoji": ["👻", "🎃"]
                  "pairs": 2,
                  "color": "#ff8c00"
                }
              ]
            }
            """)
        #expect(error.line == 6)
        #expect(error.column == 7)
        #expect(error.message.hasPrefix("my-themes.json:6:7: invalid JSON: expected ',' or '}'"), "\(error.message)")
    }

    @Test func wrongTypeGivesTheLineOfTheValue() throws {
        let error = try error(decoding: header + """

                  "emoji": ["👻", "🎃"], "pairs": "two",
                  "color": "#ff8c00"
                }
              ]
            }
            """)
        #expect(error.line == 5)
        #expect(error.column == 37, "columns count emoji as one")
        #expect(error.message.hasPrefix("my-themes.json:5:37: themes[0].pairs: "), "\(error.message)")
    }

    @Test func badColourGivesTheLineAndSaysWhy() throws {
        let error = try error(decoding: header + """

                  "emoji": ["👻", "🎃"],
                  "pairs": 2,
                  "color": "orange"
                }
              ]
            }
            """)
        #expect(error.line == 7)
        #expect(error.message.contains("themes[0].color"))
        #expect(error.message.contains("expected a colour written \"#rrggbb\", found \"orange\""), "\(error.message)")
    }

    @Test func missingKeyPointsAtTheObject() throws {
        let error = try error(decoding: """
            {"themes": [
              {"name": "A", "emoji": ["👻", "🎃"], "pairs": 2, "color": "#000000"},
              {"name": "B", "emoji": ["👻", "🎃"], "color": "#000000"}
            ]}
            """)
        #expect(error.line == 3 && error.column == 3)
        #expect(error.message == "my-themes.json:3:3: themes[1]: missing \"pairs\"")
    }

    @Test(arguments: [
        ("{\"themes\": [\n]}\n]", 3, "unexpected ']' after the end of the JSON value"),
        ("{\"themes\": [\n  {\"name\": \"A\" \"pairs\": 2}]}", 2, "expected ',' or '}' after the value of \"name\", found '\"'"),
        ("{\"themes\": [\n  {\"name\": \"A\", \"x\": {,}}]}", 2, "expected a quoted key, found ','"),
        ("{\"themes\": [\n\n  {\"name\": \"A\n\"}]}", 3, "line break or control character inside a string"),
        ("{\"themes\": [\n  {\"name\": 'A'}]}", 2, "expected a value, found '''"),
        ("{\"themes\": [\n  {\"name\": \"A\", \"emoji\": [], \"pairs\": 01}]}", 2, "invalid number"),
        ("{\"themes\": [\n  {\"name\": \"A\", \"emoji\": [], \"pairs\": 2, \"color\": \"\\q\"}]}", 2, "unknown escape '\\q'"),
        ("{\"themes\": [\n", 2, "expected a value, found end of file"),
    ])
    func syntaxErrorsNameTheLine(json: String, line: Int, reason: String) throws {
        let error = try error(decoding: json)
        #expect(error.line == line, "\(error.message)")
        #expect(error.message.contains("my-themes.json:\(line):"))
        #expect(error.reason.contains(reason), "\(error.message)")
    }

    @Test func aMalformedValueIsReportedAtItsPlaceEvenWhereNothingReadsIt() throws {
        // Strict reading: a number with a leading zero in a key no theme uses is still an error,
        // at its own line and column (trailing commas are fine: files are edited by hand).
        let error = try error(decoding: """
            {"themes": [
              {"name": "A", "emoji": ["👻", "🎃"], "pairs": 2, "color": "#000000"},
              {"name": "B", "note": 007,
               "emoji": ["👻", "🎃"], "color": "#000000",},
            ]}
            """)
        #expect(error.message == "my-themes.json:3:25: invalid JSON: invalid number")
        let missing = try self.error(decoding: """
            {"themes": [
              {"name": "A", "emoji": ["👻", "🎃"], "pairs": 2, "color": "#000000"},
              {"name": "B",
               "emoji": ["👻", "🎃"], "color": "#000000",},
            ]}
            """)
        #expect(missing.message == "my-themes.json:3:3: themes[1]: missing \"pairs\"")
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let error = try error(decoding: String(repeating: "[", count: 100_000))
        #expect(error.message.hasPrefix("my-themes.json"))
    }

    @Test func emptyInputNamesTheSource() throws {
        let error = try error(decoding: "")
        #expect(error.source == "my-themes.json")
        #expect(error.message.hasPrefix("my-themes.json"))
    }
}
