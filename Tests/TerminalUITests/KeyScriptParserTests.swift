import Testing
import TerminalUI

@Suite struct KeyScriptParserTests {
    @Test func parsesFullExampleToExactCommands() throws {
        let text = """
        # A demo: deal, move, choose.
        size 80x24            # headless only
        seed 42
        theme Halloween

        key d
        key right 3
        type "dss"
        click 12 5
        wait 500ms
        wait 1.5s
        resize 120x40
        snapshot after-deal
        expect "Score: 2"
        theme Animal Faces    # later: an action
        key ctrl-c
        """
        let script = try KeyScript.parseForTest(text, source: "demo.keys")
        let expected = KeyScript(source: "demo.keys", size: Size(width: 80, height: 24), settings: ["seed": "42", "theme": "Halloween"],
                                 settingLines: ["size": 2, "seed": 3, "theme": 4], commands: [
            .init(line: 6, action: .key(.character("d"), count: 1)),
            .init(line: 7, action: .key(.right, count: 3)),
            .init(line: 8, action: .type("dss")),
            .init(line: 9, action: .click(Point(x: 12, y: 5))),
            .init(line: 10, action: .wait(seconds: 0.5)),
            .init(line: 11, action: .wait(seconds: 1.5)),
            .init(line: 12, action: .resize(Size(width: 120, height: 40))),
            .init(line: 13, action: .snapshot("after-deal")),
            .init(line: 14, action: .expect("Score: 2")),
            .init(line: 15, action: .command("theme", argument: "Animal Faces")),
            .init(line: 16, action: .key(.control("c"), count: 1)),
        ])
        #expect(script == expected)
    }

    @Test func commentsAndQuotesWithHashInside() throws {
        let text = #"""
        expect "a # b"   # the comment, not the text
        type "\"#\\"     # escapes
        key "#"
        key space 2#no space before the comment
        type "line\n\tend"
        """#
        let script = try KeyScript.parseForTest(text, source: "<string>")
        #expect(script.commands.map(\.action) == [
            .expect("a # b"), .type("\"#\\"), .key(.character("#"), count: 1),
            .key(.character(" "), count: 2), .type("line\n\tend"),
        ])
    }

    @Test func themeNamesTakeTheRestOfTheLineOrAQuotedWord() throws {
        let a = try KeyScript.parseForTest("theme  Animal   Faces  # spaces inside are kept\nkey d\ntheme \"Sports # 2\"", source: "t")
        #expect(a.settings["theme"] == "Animal   Faces")
        #expect(a.commands.map(\.action) == [.key(.character("d"), count: 1), .command("theme", argument: "Sports # 2")])
    }

    @Test func emptyScriptsCrlfAndBomAreFine() throws {
        #expect(try KeyScript.parseForTest("", source: "e") == KeyScript(source: "e"))
        let script = try KeyScript.parseForTest("\u{FEFF}seed 7\r\n\r\n  # note\r\nkey q\r\n", source: "w")
        #expect(script.settings["seed"] == "7")
        #expect(script.commands == [.init(line: 4, action: .key(.character("q"), count: 1))])
    }

    static let errorCases: [(String, String)] = [
        ("jump 3", "t.keys:1: unknown command \"jump\" (valid: size, seed, theme, key, type, click, wait, resize, snapshot, expect)"),
        ("\"key\" d", "t.keys:1: unknown command \"key\" (valid: size, seed, theme, key, type, click, wait, resize, snapshot, expect)"),
        ("key d\nkey foo", "t.keys:2: key: unknown key name \"foo\" (valid: up down left right enter space esc tab backspace, ctrl-A...ctrl-Z, or any single character)"),
        ("key", "t.keys:1: key: missing key name (usage: key NAME [COUNT])"),
        ("key # the hash key", "t.keys:1: key: missing key name (write \"#\" in quotes for the # key) (usage: key NAME [COUNT])"),
        ("key d 2 3", "t.keys:1: key: unexpected extra argument \"3\" (usage: key NAME [COUNT])"),
        ("key d 0", "t.keys:1: key: bad repeat count \"0\" (want 1...10000)"),
        ("key d 10001", "t.keys:1: key: bad repeat count \"10001\" (want 1...10000)"),
        ("key d 99999999999999999999999", "t.keys:1: key: bad repeat count \"99999999999999999999999\" (want 1...10000)"),
        ("key d -1", "t.keys:1: key: bad repeat count \"-1\" (want 1...10000)"),
        ("wait -5ms", "t.keys:1: wait: duration cannot be negative: \"-5ms\""),
        ("wait 500", "t.keys:1: wait: \"500\" needs a unit: ms or s (e.g. 500ms or 1.5s)"),
        ("wait 1e3ms", "t.keys:1: wait: bad duration \"1e3ms\" (e.g. 500ms or 1.5s)"),
        ("wait infs", "t.keys:1: wait: bad duration \"infs\" (e.g. 500ms or 1.5s)"),
        ("wait .5s", "t.keys:1: wait: bad duration \".5s\" (e.g. 500ms or 1.5s)"),
        ("wait 3601s", "t.keys:1: wait: \"3601s\" is longer than the 3600s limit"),
        ("wait", "t.keys:1: wait: missing duration (usage: wait DURATION, e.g. 500ms or 1.5s)"),
        ("size 80by24", "t.keys:1: size: bad size \"80by24\" (want WxH, e.g. 80x24, each 1...1000)"),
        ("resize 0x10", "t.keys:1: resize: bad size \"0x10\" (want WxH, e.g. 80x24, each 1...1000)"),
        ("size 1001x10", "t.keys:1: size: bad size \"1001x10\" (want WxH, e.g. 80x24, each 1...1000)"),
        ("type \"abc", "t.keys:1: unterminated quote"),
        ("type \"abc\\\"", "t.keys:1: unterminated quote"),
        ("type abc", "t.keys:1: type: text must be in double quotes (usage: type \"TEXT\")"),
        ("expect \"\"", "t.keys:1: expect: text is empty"),
        ("type \"a\\q\"", "t.keys:1: unknown escape \"\\q\" in quoted text (use \\\" \\\\ \\n \\t)"),
        ("type \"a\"b", "t.keys:1: missing space after closing quote"),
        ("type a\"b\"", "t.keys:1: a quote may only start a word (found one inside \"a\")"),
        ("key d\nseed 4", "t.keys:2: seed must come before the first action"),
        ("key d\n\nsize 80x24", "t.keys:3: size must come before the first action"),
        ("seed 1\nseed 2", "t.keys:2: duplicate seed (already set on line 1)"),
        ("theme A\ntheme B", "t.keys:2: duplicate theme (already set on line 1)"),
        ("seed -1", "t.keys:1: seed: bad seed \"-1\" (want a whole number 0...18446744073709551615)"),
        ("seed 18446744073709551616", "t.keys:1: seed: bad seed \"18446744073709551616\" (want a whole number 0...18446744073709551615)"),
        ("click 1", "t.keys:1: click: missing row (usage: click COLUMN ROW)"),
        ("click -1 2", "t.keys:1: click: bad column \"-1\" (want 0...9999)"),
        ("click 1 2 3", "t.keys:1: click: unexpected extra argument \"3\" (usage: click COLUMN ROW)"),
        ("snapshot a/b", "t.keys:1: snapshot: bad name \"a/b\" (use letters, digits, \".\", \"_\" and \"-\")"),
        ("snapshot", "t.keys:1: snapshot: missing name (usage: snapshot NAME)"),
        ("key \u{7}", "t.keys:1: control character U+0007 is not allowed"),
        ("theme", "t.keys:1: theme: missing theme name (usage: theme NAME)"),
        ("theme Say \"Hi\"", "t.keys:1: theme: quote the whole theme name or none of it (found \"Hi\" in quotes)"),
    ]

    @Test(arguments: errorCases)
    func errorsNameFileAndLine(text: String, expected: String) {
        do {
            let script = try KeyScript.parseForTest(text, source: "t.keys")
            Issue.record("expected an error, parsed \(script)")
        } catch let error as KeyScriptError {
            #expect(error.description == expected)
        } catch {
            Issue.record("unexpected error type: \(error)")
        }
    }

    @Test func invalidUtf8ReportsItsLine() {
        let bytes = Array("seed 1\nkey d\n".utf8) + [0x6B, 0x65, 0x79, 0x20, 0xC3, 0x28] + Array("\nkey e".utf8)
        #expect(throws: KeyScriptError(file: "b.keys", line: 3, "invalid UTF-8")) {
            try KeyScript.parseForTest(utf8: bytes, source: "b.keys")
        }
    }

    /// An 8 MB `type` line once held ~460 MB: a line's length is bounded, and the error names it.
    @Test func overlongLineIsRefusedWithItsLine() {
        let long = "type \"" + String(repeating: "d", count: 70_000) + "\""
        let bytes = Array("seed 1\nkey d\n\(long)\nkey e\n".utf8)
        #expect(throws: KeyScriptError(file: "l.keys", line: 3, "line is longer than 64 KiB (\(long.utf8.count) bytes)")) {
            try KeyScript.parseForTest(utf8: bytes, source: "l.keys")
        }
        let fits = "type \"" + String(repeating: "d", count: 60_000) + "\""
        #expect(throws: Never.self) { try KeyScript.parseForTest(utf8: Array(fits.utf8), source: "f.keys") }
    }

    @Test func loadReadsFilesAndReportsUnreadableOnes() throws {
        let missing = "/nonexistent-dir/none.keys"
        #expect(throws: KeyScriptError(file: missing, line: 0, "cannot read key script: No such file or directory")) {
            try KeyScript.loadForTest(path: missing)
        }
        #expect(KeyScriptError(file: "x.keys", line: 0, "m").description == "x.keys: m")
        #expect(throws: KeyScriptError(file: "/", line: 0, "cannot read key script: Is a directory")) {
            try KeyScript.loadForTest(path: "/")
        }
        let path = "/tmp/keyscript-test-\(UInt64.random(in: 0...UInt64.max)).keys"
        let file = try #require(fopen(path, "w"))
        fputs("seed 3\nkey n\nexpect \"x\" 2\n", file)
        fclose(file)
        defer { remove(path) }
        #expect(throws: KeyScriptError(file: path, line: 3, "expect: unexpected extra argument \"2\" (usage: expect \"TEXT\")")) {
            try KeyScript.loadForTest(path: path)
        }
    }
}

import Glibc
