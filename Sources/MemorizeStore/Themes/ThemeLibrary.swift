import Memorize

/// Reads and writes theme files: `{"themes": [ {name, emoji, pairs, color, ascii?}, ... ]}`.
public enum ThemeLibrary {
    /// The themes from assets/themes.json, embedded at build time (the EmbedThemes plugin).
    /// A broken file is a programmer error: the unit tests lint it before it can ship.
    public static func builtIn() -> [Theme] {
        builtInThemes
    }

    private static let builtInThemes: [Theme] = {
        do {
            return try decode(builtInThemesJSON.utf8, source: "assets/themes.json")
        } catch {
            fatalError("built-in themes: \(error)")
        }
    }()

    /// Decodes a theme file. Only the structure is checked here (types, keys, colours); the rules
    /// a playable theme must follow are ThemeValidator's.
    /// - Throws: `ThemeFileError` naming `source` and, when it can be found, the line.
    public static func decode<Bytes: Sequence<UInt8>>(_ bytes: Bytes, source: String) throws -> [Theme] {
        let bytes = Array(bytes)
        do {
            return try ThemeFileReader.themes(in: bytes)
        } catch {
            throw locate(error, in: bytes, source: source)
        }
    }

    /// The file `decode` reads back as `themes`: pretty-printed as before (JSONEncoder's layout),
    /// keys in the order of assets/themes.json, `ascii` only when the theme has it, a final newline.
    public static func encode(_ themes: [Theme]) -> [UInt8] {
        let list = themes.map { theme -> JSONValue in
            var members: [JSONValue.Member] = [
                .init("name", JSONValue(.string(theme.name))),
                .init("emoji", JSONValue(.array(theme.emoji.map { JSONValue(.string($0)) }))),
                .init("pairs", .integer(theme.pairs)),
                .init("color", JSONValue(.string(theme.color.hex))),
            ]
            if let ascii = theme.ascii {
                members.append(.init("ascii", JSONValue(.array(ascii.map { JSONValue(.string($0)) }))))
            }
            return JSONValue(.object(members))
        }
        return JSONValue(.object([.init("themes", JSONValue(.array(list)))])).prettyPrinted() + [UInt8(ascii: "\n")]
    }

    /// Names the place of a decoding failure: a fresh read of the original bytes records where
    /// each value starts and where the syntax errors are (JSONDialect.locator).
    private static func locate(_ failure: ThemeFileReader.Failure, in bytes: [UInt8], source: String) -> ThemeFileError {
        let locator = Result { () throws(JSONSyntaxError) in try JSONDocument(bytes, dialect: .locator) }
        let offset: Int?
        let reason: String
        switch failure {
        case .invalidJSON:
            // Where and why; JSONDecoder's own words (no place) when the reader finds no fault.
            if case .failure(let syntaxError) = locator {
                (offset, reason) = (syntaxError.offset, "invalid JSON: \(syntaxError.message)")
            } else if case .success(let document) = locator, let syntaxError = document.deferredProblems.first {
                (offset, reason) = (syntaxError.offset, "invalid JSON: \(syntaxError.message)")
            } else {
                (offset, reason) = (nil, "invalid JSON: The given data was not valid JSON.")
            }
        case .invalidValue(let path, let description):
            offset = try? locator.get().root.offset(along: path)
            reason = "\(Self.path(path)): \(description)"
        case .missingKey(let key, let path):
            // The path is the object missing the key: point at its opening brace.
            offset = try? locator.get().root.offset(along: path)
            reason = "\(Self.path(path)): missing \"\(key)\""
        }
        let place = offset.map { JSONValue.lineAndColumn(ofOffset: $0, in: bytes) }
        return ThemeFileError(source: source, line: place?.line, column: place?.column, reason: reason)
    }

    /// `themes[2].color`, the way a reader of the file would name the value.
    private static func path(_ components: [ThemeFileReader.PathComponent]) -> String {
        guard !components.isEmpty else { return "top level" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            }
        }
        return text
    }
}

private extension JSONValue {
    /// Offset of the value at `path`, or of its deepest existing ancestor. Where a key occurs
    /// twice this follows the last one, as theme file messages always have, although the value
    /// read is the first (as JSONDecoder read it).
    func offset(along path: [ThemeFileReader.PathComponent]) -> Int {
        var value = self
        for component in path {
            switch (value.kind, component) {
            case (.object(let members), .key(let key)):
                guard let member = members.last(where: { $0.key == key }) else { return value.offset }
                value = member.value
            case (.array(let elements), .index(let index)):
                guard elements.indices.contains(index) else { return value.offset }
                value = elements[index]
            default:
                return value.offset
            }
        }
        return value.offset
    }
}
