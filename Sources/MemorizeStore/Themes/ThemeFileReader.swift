import Memorize
/// Reads `{"themes": [ {name, emoji, pairs, color, ascii?}, ... ]}` exactly as Foundation's
/// JSONDecoder decoded it into `[Theme]` before (a file that loaded still loads, one that failed
/// still fails with the same words): the same text encodings, the same leniency (strings and
/// numbers are checked only when used, a trailing comma is fine, the first of two equal keys
/// wins), the same checks in the same order, the same descriptions. ThemeLibrary adds the place.
enum ThemeFileReader {
    /// A step in the path to a value, as in `themes[2].color`.
    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    /// Why a file could not be read, as JSONDecoder put it.
    enum Failure: Error, Equatable {
        /// Not JSON, or a string or number in it that is not valid where it is used (JSONDecoder:
        /// "The given data was not valid JSON.", with no place).
        case invalidJSON
        /// Wrong type, null, or a bad colour: where, and what JSONDecoder said.
        case invalidValue(path: [PathComponent], description: String)
        /// An object without a key it needs; `path` is the object's.
        case missingKey(String, path: [PathComponent])
    }

    static func themes(in bytes: [UInt8]) throws(Failure) -> [Theme] {
        guard let utf8 = utf8Representation(of: bytes) else { throw .invalidJSON }
        let root: JSONValue
        do {
            root = try JSONDocument(utf8, dialect: .jsonDecoder).root
        } catch {
            throw .invalidJSON
        }
        let file = try object(root, at: [])
        let path: [PathComponent] = [.key("themes")]
        return try elements(of: try file.value("themes"), at: path).enumerated().map { (index, element) throws(Failure) in
            try theme(element, at: path + [.index(index)])
        }
    }

    private static func theme(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> Theme {
        // The order of Theme's stored properties: the first problem found is the one reported.
        let object = try object(value, at: path)
        let name = try string(try object.value("name"), at: path + [.key("name")])
        let emoji = try strings(try object.value("emoji"), at: path + [.key("emoji")])
        let pairs = try integer(try object.value("pairs"), at: path + [.key("pairs")])
        let colorPath = path + [.key("color")]
        let colorText = try string(try object.value("color"), at: colorPath)
        guard let color = RGBColor(hex: colorText) else {
            throw .invalidValue(path: colorPath, description: RGBColor.formatProblem(colorText))
        }
        var ascii: [String]?
        if let value = object.optionalValue("ascii") {
            ascii = try strings(value, at: path + [.key("ascii")])
        }
        return Theme(name: name, emoji: emoji, pairs: pairs, color: color, ascii: ascii)
    }

    // MARK: Values, as JSONDecoder's containers checked them

    private struct Object {
        let path: [PathComponent]
        let values: [String: JSONValue]

        func value(_ key: String) throws(Failure) -> JSONValue {
            guard let value = values[key] else { throw .missingKey(key, path: path) }
            return value
        }

        /// Missing and null both mean absent (`decodeIfPresent`).
        func optionalValue(_ key: String) -> JSONValue? {
            guard let value = values[key], !value.isNull else { return nil }
            return value
        }
    }

    private static func object(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> Object {
        switch value.kind {
        case .object(let members):
            var values: [String: JSONValue] = [:]
            for member in members {
                // Every key is decoded when the object is opened, used or not.
                guard member.keyProblem == nil else { throw .invalidJSON }
                if values[member.key] == nil { values[member.key] = member.value }
            }
            return Object(path: path, values: values)
        case .null:
            throw .invalidValue(path: path, description: "Cannot get keyed decoding container -- found null value instead")
        default:
            throw mismatch("Dictionary<String, Any>", value, at: path)
        }
    }

    private static func elements(of value: JSONValue, at path: [PathComponent]) throws(Failure) -> [JSONValue] {
        switch value.kind {
        case .array(let elements): return elements
        case .null: throw .invalidValue(path: path, description: "Cannot get unkeyed decoding container -- found null value instead")
        default: throw mismatch("Array<Any>", value, at: path)
        }
    }

    private static func strings(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> [String] {
        try elements(of: value, at: path).enumerated().map { (index, element) throws(Failure) in
            try string(element, at: path + [.index(index)])
        }
    }

    private static func string(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> String {
        switch value.kind {
        case .string(let text):
            guard value.problem == nil else { throw .invalidJSON }
            return text
        case .null:
            throw .invalidValue(path: path, description: "Cannot get value of type String -- found null value instead")
        default:
            throw mismatch("String", value, at: path)
        }
    }

    private static func integer(_ value: JSONValue, at path: [PathComponent]) throws(Failure) -> Int {
        switch value.kind {
        case .number(let text):
            guard value.problem == nil, let integer = integer(fromValidNumber: text) else { throw .invalidJSON }
            return integer
        case .null:
            throw .invalidValue(path: path, description: "Cannot get value of type Int -- found null value instead")
        default:
            throw mismatch("Int", value, at: path)
        }
    }

    private static func mismatch(_ type: String, _ value: JSONValue, at path: [PathComponent]) -> Failure {
        let found: String
        switch value.kind {
        case .object: found = "a dictionary"
        case .array: found = "an array"
        case .string: found = "a string"
        case .number: found = "number"
        case .bool: found = "bool"
        case .null: found = "null"
        }
        return .invalidValue(path: path, description: "Expected to decode \(type) but found \(found) instead.")
    }

    /// JSONDecoder's Int from a valid JSON number: exact when the text is a whole number that
    /// fits; otherwise through Double, which must be whole ("2.0", "2e0" are 2; "1.5" is an
    /// error); beyond 2^53 the decimal value itself, cut toward zero.
    static func integer(fromValidNumber text: String) -> Int? {
        if let value = Int(text) { return value }
        guard let double = Double(text), let value = Int(exactly: double) else { return nil }
        if double.magnitude < 9_007_199_254_740_992 { return value }
        return truncatedDecimal(text)
    }

    /// `-? digits (. digits)? ([eE] [+-]? digits)?`, cut toward zero; nil when it does not fit.
    private static func truncatedDecimal(_ text: String) -> Int? {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponent = mantissa.count < rest.count ? Int(rest.dropFirst(mantissa.count + 1)) : 0
        guard let exponent else { return nil }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = Array(parts[0])
        var pointShift = exponent
        if parts.count > 1 {
            digits += parts[1]
            pointShift -= parts[1].count
        }
        // Whole digits: drop those after the point, or add zeros.
        if pointShift < 0 {
            digits.removeLast(min(digits.count, -pointShift))
        } else {
            guard pointShift <= 40 else { return nil }
            digits += repeatElement("0", count: pointShift)
        }
        var magnitude: UInt64 = 0
        for digit in digits {
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit.wholeNumberValue!))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        // Negated after the conversion, as Foundation's Decimal-to-Int did: -2^63 does not fit.
        return Int(exactly: magnitude).map { negative ? -$0 : $0 }
    }

    // MARK: Text encodings

    /// The input as UTF-8, detected as JSONDecoder did (RFC 4627: a byte order mark, else the
    /// pattern of zero bytes among the first four): UTF-16 and UTF-32 are converted, a byte order
    /// mark is dropped. nil when the detected encoding does not decode.
    static func utf8Representation(of bytes: [UInt8]) -> [UInt8]? {
        enum Encoding { case utf8, utf16BigEndian, utf16LittleEndian, utf32BigEndian, utf32LittleEndian }
        func byte(_ i: Int) -> Int { i < bytes.count ? Int(bytes[i]) : -1 }  // -1: no such byte
        let (b0, b1, b2, b3) = (byte(0), byte(1), byte(2), byte(3))
        let encoding: Encoding
        let bomLength: Int
        switch (b0, b1, b2, b3) {
        case (0, 0, 0xFE, 0xFF): (encoding, bomLength) = (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0, 0): (encoding, bomLength) = (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): (encoding, bomLength) = (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): (encoding, bomLength) = (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): (encoding, bomLength) = (.utf8, 3)
        case (0, 0, 0, let b) where b > 0: (encoding, bomLength) = (.utf32BigEndian, 0)
        case (0, let a, 0, let b) where a > 0 && b > 0: (encoding, bomLength) = (.utf16BigEndian, 0)
        case (let a, 0, 0, 0) where a > 0: (encoding, bomLength) = (.utf32LittleEndian, 0)
        case (let a, 0, let b, 0) where a > 0 && b > 0: (encoding, bomLength) = (.utf16LittleEndian, 0)
        case (0, let a, -1, -1) where a > 0: (encoding, bomLength) = (.utf16BigEndian, 0)
        case (let a, 0, -1, -1) where a > 0: (encoding, bomLength) = (.utf16LittleEndian, 0)
        default: (encoding, bomLength) = (.utf8, 0)
        }
        let body = bytes.dropFirst(bomLength)
        func unit(_ offset: Int, width: Int, bigEndian: Bool) -> UInt32 {
            var value: UInt32 = 0
            for i in 0..<width {
                let b = UInt32(body[body.startIndex + offset + (bigEndian ? i : width - 1 - i)])
                value = value << 8 | b
            }
            return value
        }
        var scalars = String.UnicodeScalarView()
        switch encoding {
        case .utf8:
            return Array(body)
        case .utf16BigEndian, .utf16LittleEndian:
            // A trailing odd byte is ignored, as Foundation's conversion ignored it.
            let units = (0..<(body.count / 2)).map { UInt16(unit($0 * 2, width: 2, bigEndian: encoding == .utf16BigEndian)) }
            var iterator = units.makeIterator()
            var decoder = UTF16()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: break decoding
                case .error: return nil
                }
            }
        case .utf32BigEndian, .utf32LittleEndian:
            for index in 0..<(body.count / 4) {
                guard let scalar = Unicode.Scalar(unit(index * 4, width: 4, bigEndian: encoding == .utf32BigEndian)) else { return nil }
                scalars.append(scalar)
            }
        }
        return Array(String(scalars).utf8)
    }
}

extension JSONValue {
    var isNull: Bool {
        if case .null = kind { return true }
        return false
    }
}
