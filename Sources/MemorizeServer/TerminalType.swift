#if canImport(Glibc)
import Glibc
#endif

/// The TERM a game gets: the client's only when it is plain, short ASCII and this machine has a
/// terminfo entry for it; otherwise xterm-256color, which every terminal ssh runs in understands.
public enum TerminalType {
    public static let fallback = "xterm-256color"
    public static let maxLength = 64
    static let directories = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]

    public static func chosen(from requested: String) -> String {
        isUsable(requested) ? requested : fallback
    }

    public static func isUsable(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxLength, name.first != ".",
              name.utf8.allSatisfy({ isNameByte($0) }) else { return false }
        let first = name.utf8.first!
        let hex = String(first, radix: 16)
        let letter = String(UnicodeScalar(first))
        for directory in directories {
            for sub in [letter, hex] where access("\(directory)/\(sub)/\(name)", R_OK) == 0 {
                return true
            }
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
             UInt8(ascii: "."), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }
}
