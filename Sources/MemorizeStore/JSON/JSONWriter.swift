import Primitives
import ThemeFormat
extension JSONValue {
    /// The value as UTF-8 JSON in the layout Foundation's JSONEncoder used with `.prettyPrinted`
    /// and `.withoutEscapingSlashes` (files written before keep their bytes): two-space indents,
    /// `"key" : value`, members in the order given, an empty list or object as `[`, a blank line,
    /// `]`. No newline at the end.
    public func prettyPrinted() -> [UInt8] {
        var output: [UInt8] = []
        Self.write(self, indent: 0, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, indent: Int, to output: inout [UInt8]) {
        switch value.kind {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            output.append(UInt8(ascii: "\n"))
            for (number, member) in members.enumerated() {
                if number > 0 { output += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
                writeIndent(indent + 1, to: &output)
                writeString(member.key, to: &output)
                output += [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")]
                write(member.value, indent: indent + 1, to: &output)
            }
            output.append(UInt8(ascii: "\n"))
            writeIndent(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            output.append(UInt8(ascii: "\n"))
            for (number, element) in elements.enumerated() {
                if number > 0 { output += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
                writeIndent(indent + 1, to: &output)
                write(element, indent: indent + 1, to: &output)
            }
            output.append(UInt8(ascii: "\n"))
            writeIndent(indent, to: &output)
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            writeString(text, to: &output)
        case .number(let text):
            output += text.utf8
        case .bool(let flag):
            output += (flag ? "true" : "false").utf8
        case .null:
            output += "null".utf8
        }
    }

    private static func writeIndent(_ level: Int, to output: inout [UInt8]) {
        output += repeatElement(UInt8(ascii: " "), count: 2 * level)
    }

    /// JSONText's escaping, the one the recordings use too.
    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output += JSONText.quoted(text).utf8
    }
}
