/// The characters a terminal would obey rather than show: C0 controls, DEL, C1 controls, and the
/// bidi embedding, override, isolate and mark characters. The one list: TerminalUI's SafeText
/// (what is printed) and JSONText (what is written to files) both ask it.
public enum ControlCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
