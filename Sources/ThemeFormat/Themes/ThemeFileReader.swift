import Memorize

/// Reads `{"themes": [ {name, emoji, pairs, color, ascii?}, ... ]}` from a strict parse of the
/// file (JSONValue.parse: UTF-8, RFC 8259 plus a trailing comma), checking each value where it is
/// used and naming the place of the first problem (`themes[2].color`, with the value's offset for
/// the line). One parse: the values remember where they start.
enum ThemeFileReader {
    /// A step in the path to a value, as in `themes[2].color`.
    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    /// Why a file could not be read, and where.
    struct Failure: Error, Equatable {
        /// Byte offset of the offending text (nil: the file as a whole).
        var offset: Int?
        var reason: String
    }

    /// Each theme with the offset of its object in the file.
    static func themes(in bytes: [UInt8]) throws(Failure) -> [(theme: Theme, offset: Int)] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw Failure(offset: error.offset, reason: "invalid JSON: \(error.message)")
        }
        let file = try object(root, at: [])
        let path: [PathComponent] = [.key("themes")]
        return try elements(of: try file.value("themes"), at: path).enumerated().map { (index, element) throws(Failure) in
            (try theme(element, at: path + [.index(index)]), element.offset)
        }
    }

    private static func theme(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> Theme {
        let object = try object(value, at: path)
        let name = try string(try object.value("name"), at: path + [.key("name")])
        let emoji = try strings(try object.value("emoji"), at: path + [.key("emoji")])
        let pairs = try integer(try object.value("pairs"), at: path + [.key("pairs")])
        let colorPath = path + [.key("color")]
        let colorValue = try object.value("color")
        let colorText = try string(colorValue, at: colorPath)
        guard let color = RGBColor(hex: colorText) else {
            throw failure(at: colorValue, colorPath, RGBColor.formatProblem(colorText))
        }
        var ascii: [String]?
        if let value = object.optionalValue("ascii") {
            ascii = try strings(value, at: path + [.key("ascii")])
        }
        return Theme(name: name, emoji: emoji, pairs: pairs, color: color, ascii: ascii)
    }

    // MARK: Values

    private struct Object {
        let value: JSONValue
        let path: [PathComponent]
        /// The last of two equal keys wins, as a reader of the file would expect.
        let values: [String: JSONValue]

        func value(_ key: String) throws(Failure) -> JSONValue {
            guard let member = values[key] else { throw ThemeFileReader.failure(at: value, path, "missing \"\(key)\"") }
            return member
        }

        /// Missing and null both mean absent.
        func optionalValue(_ key: String) -> JSONValue? {
            guard let member = values[key], !member.isNull else { return nil }
            return member
        }
    }

    private static func object(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> Object {
        guard case .object(let members) = value.kind else { throw mismatch("an object", value, at: path) }
        var values: [String: JSONValue] = [:]
        for member in members { values[member.key] = member.value }
        return Object(value: value, path: path, values: values)
    }

    private static func elements(of value: JSONValue, at path: [PathComponent]) throws(Failure) -> [JSONValue] {
        guard case .array(let elements) = value.kind else { throw mismatch("a list", value, at: path) }
        return elements
    }

    private static func strings(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> [String] {
        try elements(of: value, at: path).enumerated().map { (index, element) throws(Failure) in
            try string(element, at: path + [.index(index)])
        }
    }

    private static func string(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> String {
        guard case .string(let text) = value.kind else { throw mismatch("a string", value, at: path) }
        return text
    }

    private static func integer(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> Int {
        guard case .number(let text) = value.kind else { throw mismatch("a whole number", value, at: path) }
        guard let integer = Int(text) else { throw failure(at: value, path, "expected a whole number, found \(text)") }
        return integer
    }

    private static func mismatch(_ expected: String, _ value: JSONValue, at path: [PathComponent]) -> Failure {
        failure(at: value, path, "expected \(expected), found \(value.kindDescription)")
    }

    static func failure(at value: JSONValue, _ path: [PathComponent], _ reason: String) -> Failure {
        Failure(offset: value.offset, reason: "\(Self.path(path)): \(reason)")
    }

    /// `themes[2].color`, the way a reader of the file would name the value.
    private static func path(_ components: [PathComponent]) -> String {
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

extension JSONValue {
    var isNull: Bool {
        if case .null = kind { return true }
        return false
    }
}
