import Foundation

/// Reads and checks theme files: `{"themes": [ {name, emoji, pairs, color, ascii?}, ... ]}`.
public enum ThemeLibrary {
    private struct ThemeFile: Codable {
        var themes: [Theme]
    }

    /// The themes from assets/themes.json, embedded at build time (the EmbedThemes plugin).
    /// A broken file is a programmer error: the unit tests lint it before it can ship.
    public static func builtIn() -> [Theme] {
        builtInThemes
    }

    private static let builtInThemes: [Theme] = {
        do {
            return try decode(Data(builtInThemesJSON.utf8), source: "assets/themes.json")
        } catch {
            fatalError("built-in themes: \(error)")
        }
    }()

    /// Decodes a theme file. Only the structure is checked here (types, keys, colours); use
    /// `validate(_:)` for the rules a playable theme must follow.
    /// - Throws: `ThemeFileError` naming `source` and, when it can be found, the line.
    public static func decode(_ data: Data, source: String) throws -> [Theme] {
        do {
            return try JSONDecoder().decode(ThemeFile.self, from: data).themes
        } catch let error as DecodingError {
            throw locate(error, in: data, source: source)
        } catch {
            throw ThemeFileError(source: source, line: nil, column: nil, reason: "\(error)")
        }
    }

    /// Problems that make a theme unfit to play, as readable sentences; empty when it is fine.
    /// Emoji must be single code points: U+FE0F and ZWJ sequences are drawn 1 or 3 columns wide by
    /// ncurses (glibc wcwidth), which breaks the card layout.
    public static func validate(_ theme: Theme) -> [String] {
        var problems: [String] = []
        if theme.name.allSatisfy(\.isWhitespace) {
            problems.append("the name is empty")
        }
        if theme.pairs < 2 {
            problems.append("pairs is \(theme.pairs), a game needs at least 2")
        }
        if theme.emoji.count < 2 {
            problems.append("has \(theme.emoji.count) emoji, a game needs at least 2")
        }
        var seen: Set<String> = []
        for (number, emoji) in zip(1..., theme.emoji) {
            let scalars = emoji.unicodeScalars
            if scalars.contains("\u{FE0F}") {
                problems.append("emoji \(number) \"\(emoji)\" contains U+FE0F (variation selector 16)")
            } else if scalars.contains("\u{200D}") {
                problems.append("emoji \(number) \"\(emoji)\" contains U+200D (zero width joiner)")
            } else if scalars.count != 1 {
                problems.append("emoji \(number) \"\(emoji)\" is \(scalars.count) Unicode scalars, not exactly one")
            }
            if !seen.insert(emoji).inserted {
                problems.append("emoji \(number) \"\(emoji)\" appears more than once")
            }
        }
        if let ascii = theme.ascii {
            problems += asciiProblems(ascii, emojiCount: theme.emoji.count)
        }
        return problems
    }

    private static func asciiProblems(_ ascii: [String], emojiCount: Int) -> [String] {
        var problems: [String] = []
        if ascii.count != emojiCount {
            problems.append("ascii has \(ascii.count) characters for \(emojiCount) emoji")
        }
        var seen: Set<String> = []
        for (number, text) in zip(1..., ascii) {
            // Space is printable but would make a blank card face.
            let isVisibleASCII = text.unicodeScalars.count == 1 && (0x21...0x7E).contains(text.unicodeScalars.first!.value)
            if !isVisibleASCII {
                problems.append("ascii \(number) \"\(text)\" is not one visible ASCII character")
            }
            if !seen.insert(text).inserted {
                problems.append("ascii \(number) \"\(text)\" appears more than once")
            }
        }
        return problems
    }

    /// Turns a DecodingError's coding path into a line in the file.
    private static func locate(_ error: DecodingError, in data: Data, source: String) -> ThemeFileError {
        let locator = JSONLocator(Array(data))
        let offset: Int?
        let reason: String
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Not JSON at all: our reader says where and why; JSONDecoder's text is the fallback.
            if case .failure(let syntaxError) = locator.root {
                (offset, reason) = (syntaxError.offset, "invalid JSON: \(syntaxError.message)")
            } else if let syntaxError = locator.laterProblems.first {
                (offset, reason) = (syntaxError.offset, "invalid JSON: \(syntaxError.message)")
            } else {
                (offset, reason) = (nil, "invalid JSON: \(describe(context))")
            }
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            offset = locator.offset(of: context.codingPath)
            reason = "\(path(context.codingPath)): \(describe(context))"
        case .keyNotFound(let key, let context):
            // The path is the object missing the key: point at its opening brace.
            offset = locator.offset(of: context.codingPath)
            reason = "\(path(context.codingPath)): missing \"\(key.stringValue)\""
        @unknown default:
            (offset, reason) = (nil, "\(error)")
        }
        let place = offset.map { locator.lineAndColumn(ofOffset: $0) }
        return ThemeFileError(source: source, line: place?.line, column: place?.column, reason: reason)
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError {
            return "\(context.debugDescription) (\(underlying))"
        }
        return context.debugDescription
    }

    /// `themes[2].color`, the way a reader of the file would name the value.
    private static func path(_ codingPath: [CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "top level" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
