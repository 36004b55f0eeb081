import ArgumentParser
import FoundationEssentials
import MemorizeApp
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// The manual page, memorize-tui(6) (section 6: games), in mdoc, printed by the hidden `--generate-manual` flag
/// (scripts/install.sh installs it).
///
/// Why the binary writes its own page rather than swift-argument-parser's `generate-manual`
/// plugin (which works offline here, ~35 s): the plugin builds the whole package in release
/// mode into the same `.build/release`, building the benchmark too; for a command with no
/// subcommands it prints a spurious `subcommand` in the synopsis and a `help` entry; and it
/// cannot add the sections a reader expects (keys, mouse, files, environment), which live in
/// the app's own tables. So the page is made here from the same two sources, one definition each:
/// - NAME, SYNOPSIS, DESCRIPTION and OPTIONS from the argument definitions, read as the JSON of
///   `--experimental-dump-help` (the data the plugin's tool reads, and `--help` is drawn from);
/// - KEYS and MOUSE from the key tables the input handlers and the help overlay use, FILES from
///   XDGPaths (`AppReference`), EXIT STATUS from `MemorizeCommand.exitStatuses`, as `--help`.
/// Like `--generate-completion-script`, the program documents itself, so the page always
/// matches the binary it was installed with.
enum ManualPage {
    /// The parts of argument-parser's ToolInfo (`--experimental-dump-help`, serialization
    /// version 0) the page uses.
    struct ToolInfo: Decodable {
        struct Command: Decodable {
            var commandName: String
            var abstract: String?
            var discussion: String?
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var names: [Name]?
            var valueName: String?
            var abstract: String?
            var discussion: String?
            var defaultValue: String?
            var shouldDisplay: Bool
        }
        var command: Command
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The arguments as argument-parser describes them, parsed in-process (the same path the
    /// `--experimental-dump-help` flag takes).
    static func toolInfo() throws -> ToolInfo {
        var json = ""
        do {
            _ = try MemorizeCommand.parseAsRoot(["--experimental-dump-help"])
        } catch {
            json = MemorizeCommand.fullMessage(for: error)
        }
        do {
            return try JSONDecoder().decode(ToolInfo.self, from: Data(json.utf8))
        } catch {
            throw Failure(description: "memorize-tui: cannot read argument-parser's description of the command: \(error)")
        }
    }

    static func render(date: String = manualDate()) throws -> String {
        let info = try toolInfo()
        let command = info.command
        let name = command.commandName
        let arguments = (command.arguments ?? []).filter { $0.shouldDisplay }
        var page = MDoc()

        page.line(".Dd " + date)
        page.line(".Dt " + escaped(name.uppercased()) + " 6")
        page.macro("Os")

        page.section("NAME")
        page.macro("Nm", name)
        page.macro("Nd", command.abstract.map(sentence) ?? name)

        page.section("SYNOPSIS")
        page.macro("Nm")
        for argument in arguments { page.line(".Op " + optionMacros(argument)) }

        page.section("DESCRIPTION")
        for (index, paragraph) in (command.discussion ?? "").split(separator: "\n\n").enumerated() {
            if index > 0 { page.macro("Pp") }
            page.text(String(paragraph))
        }

        page.section("OPTIONS")
        page.beginList()
        for argument in arguments {
            page.line(".It " + optionMacros(argument))
            var help = argument.abstract ?? ""
            if let value = argument.defaultValue { help += " (default: \(value))" }
            page.text(help)
            if let discussion = argument.discussion, !discussion.isEmpty { page.macro("Pp"); page.text(discussion) }
        }
        page.endList()

        page.section("KEYS")
        page.text("Each screen has its own keys; ? shows them in the game.")
        tables(AppReference.keys, into: &page)

        page.section("MOUSE")
        page.text("Left clicks (SGR 1006 or X10 mouse reports, whichever the terminal offers):")
        tables(AppReference.mouse, into: &page)

        page.section("FILES")
        let byVariable = AppReference.filesByVariable, byDefault = AppReference.filesByDefault
        page.text("Each file is written atomically; one that cannot be read is reported and kept aside, never overwritten.")
        page.beginList()
        file(byVariable.themes, byDefault.themes,
             "Your own themes, as the theme chooser and editor save them.", into: &page)
        file(byVariable.scores, byDefault.scores, "The best score for each theme.", into: &page)
        file(byVariable.settings, byDefault.settings,
             "Preferences, e.g. {\"themeChooserAtStart\": true, \"background\": \"light\"} (background: light, dark or auto, as --background, which wins); read, never written.", into: &page)
        page.endList()
        page.macro("Pp")
        page.text("Built-in themes are part of the program.")

        page.section("ENVIRONMENT")
        page.beginList()
        page.line(".It Ev NO_COLOR")
        page.text("Not empty: no colours, as --no-color.")
        page.line(".It Ev COLORFGBG")
        page.text("With --background auto, when the terminal does not say its background colour (OSC 11): \"fg;bg\", where bg 7 or 9-15 means light.")
        page.line(".It Ev TERM")
        page.text("The terminal to draw for; an unknown one, or dumb, ends with one line and exit status 2.")
        page.line(".It Ev LANG , LC_ALL , LC_CTYPE")
        page.text("A C or POSIX locale, or none, is taken as UTF-8 (C.UTF-8, as Python's PEP 538 does). A non-UTF-8 locale chosen here (e.g. en_US.ISO-8859-1) plays with ASCII glyphs, as --ascii, after a one-line note.")
        page.line(".It Ev XDG_CONFIG_HOME , XDG_STATE_HOME , HOME")
        page.text("Where the files above live (XDG Base Directory specification; a relative value is ignored).")
        page.line(".It Ev MEMORIZE_CHECK_INVARIANTS")
        page.text("1: check the game's invariants after every event and stop at the first violation (testing).")
        page.endList()

        page.section("EXIT STATUS")
        page.beginList(compactFor: MemorizeCommand.exitStatuses.map(\.code))
        for status in MemorizeCommand.exitStatuses {
            page.line(".It " + argument(status.code))
            page.text(status.meaning)
        }
        page.endList()

        page.section("EXAMPLES")
        example("Play a random theme:", name, into: &page)
        example("The same game every time:", "\(name) --theme Halloween --seed 42", into: &page)
        example("Plain characters and no colour, for a limited terminal:", "NO_COLOR=1 \(name) --ascii", into: &page)
        example("Record a game, then watch it:", "\(name) --record game.cast && asciinema play game.cast", into: &page)
        page.macro("Pp")
        page.text("Run a key script without a terminal and print its snapshots (exit status 1 if an expect fails):")
        page.line(".Bd -literal -offset indent")
        for line in ["$ cat deal.keys", "seed 42", "theme Halloween", "key d", "wait 3s", "snapshot dealt",
                     "expect \"Score: 0\"", "$ \(name) --headless --size 80x24 --script deal.keys"] {
            page.line(escaped(line))
        }
        page.line(".Ed")

        page.section("SEE ALSO")
        page.line(".Xr asciinema 1 , Xr ncurses 3X")
        return page.text
    }

    private static func tables(_ sections: [AppReference.Section], into page: inout MDoc) {
        for section in sections {
            page.macro("Ss", section.title)
            page.beginList(compactFor: section.rows.map(\.label))
            for row in section.rows {
                page.line(".It Sy " + argument(row.label))
                page.text(row.summary)
            }
            page.endList()
        }
    }

    private static func file(_ path: String, _ defaultPath: String, _ summary: String, into page: inout MDoc) {
        page.line(".It Pa " + argument(path))
        page.text(summary + " Default:")
        page.line(".Pa " + argument(defaultPath) + " .")
    }

    private static func example(_ summary: String, _ commandLine: String, into page: inout MDoc) {
        page.macro("Pp")
        page.text(summary)
        page.line(".Dl " + argument("$ " + commandLine))
    }

    /// `Fl -theme Ar theme`, `Fl h , Fl -help`.
    private static func optionMacros(_ argument: ToolInfo.Argument) -> String {
        let names = (argument.names ?? []).map { name in
            "Fl " + Self.argument(name.kind == "long" ? "-" + name.name : name.name)
        }
        var macros = names.joined(separator: " , ")
        if argument.kind == "option" { macros += " Ar " + Self.argument(argument.valueName ?? "value") }
        if argument.kind == "positional" { macros = "Ar " + Self.argument(argument.valueName ?? "value") }
        return macros
    }

    /// The abstract as `.Nd` wants it: no final full stop.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// Text safe on an mdoc line: backslashes, dashes (a real minus, so copied flags work) and
    /// a leading dot or quote (which would start a request) are escaped; controls become spaces.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Words for a macro line: each one after `\&`, so none is read as a macro name or as
    /// punctuation mdoc moves around ("?", ","), and quotes as `\(dq`.
    static func argument(_ text: String) -> String {
        text.split(separator: " ").map { word in
            "\\&" + escaped(String(word)).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\(dq")
        }.joined(separator: " ")
    }

    /// `.Dd` wants "Month day, year": SOURCE_DATE_EPOCH when set (reproducible builds), else today.
    static func manualDate() -> String {
        var seconds = time_t(time(nil))
        if let epoch = ProcessEnvironment.sourceDateEpoch { seconds = time_t(epoch) }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        return "\(months[Int(parts.tm_mon)]) \(parts.tm_mday), \(parts.tm_year + 1900)"
    }
}

/// An mdoc document being written, one input line at a time.
struct MDoc {
    private(set) var text = ".\\\" Generated by memorize-tui --generate-manual from its own definitions. Do not edit.\n"

    mutating func line(_ line: String) { text += line + "\n" }

    mutating func macro(_ name: String, _ argument: String? = nil) {
        line("." + name + (argument.map { " " + ManualPage.argument($0) } ?? ""))
    }

    mutating func section(_ title: String) { line(".Sh " + ManualPage.escaped(title)) }

    /// Running text: one sentence-ish line each, as mdoc prefers; empty lines dropped (they
    /// would be blank lines in the output).
    mutating func text(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: true) {
            line(ManualPage.escaped(String(part)))
        }
    }

    /// A tagged list; `compact` with the widest tag as the indent suits short rows (keys).
    mutating func beginList(compactFor tags: [String]? = nil) {
        guard let tags, let widest = tags.map(\.count).max() else { return line(".Bl -tag -width Ds") }
        line(".Bl -tag -width \(widest + 2)n -compact")
    }
    mutating func endList() { line(".El") }
}
