import Foundation

/// An RGB colour as a screenshot shows it.
struct Pixel: Hashable, CustomStringConvertible, Sendable {
    var r: UInt8, g: UInt8, b: UInt8

    /// Euclidean distance in RGB: how far apart two colours look, roughly.
    func distance(to other: Pixel) -> Double {
        let dr = Double(r) - Double(other.r), dg = Double(g) - Double(other.g), db = Double(b) - Double(other.b)
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// WCAG 2's relative luminance (sRGB).
    var luminance: Double {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2's contrast ratio, 1...21.
    func contrast(with other: Pixel) -> Double {
        let a = luminance, b = other.luminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    var description: String { String(format: "#%02x%02x%02x", r, g, b) }
}

/// A screenshot of the terminal's window, decoded from ImageMagick's binary PPM (P6).
struct Screenshot: Sendable {
    let width: Int
    let height: Int
    let rgb: [UInt8]
    /// The PPM as read, kept so the picture can be saved as PNG for a person to look at.
    let ppm: Data

    struct Malformed: Error, CustomStringConvertible { var description: String }

    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        // Header: "P6" width height maxval, separated by whitespace (no comments from ImageMagick).
        func token() throws -> String {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            let start = index
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) { index += 1 }
            guard index > start else { throw Malformed(description: "PPM header cut short (\(bytes.count) bytes)") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard try token() == "P6", let w = Int(try token()), let h = Int(try token()), try token() == "255" else {
            throw Malformed(description: "not an 8-bit P6 PPM: \(String(decoding: bytes.prefix(20), as: UTF8.self))")
        }
        index += 1
        guard bytes.count - index >= w * h * 3 else { throw Malformed(description: "PPM of \(w)x\(h) has \(bytes.count - index) bytes of pixels") }
        width = w
        height = h
        rgb = Array(bytes[index..<(index + w * h * 3)])
        ppm = data
    }

    func pixel(_ x: Int, _ y: Int) -> Pixel {
        let i = (y * width + x) * 3
        return Pixel(r: rgb[i], g: rgb[i + 1], b: rgb[i + 2])
    }

    /// The most frequent colour among `points`.
    func mode(_ points: [(Int, Int)]) -> Pixel? {
        var counts: [Pixel: Int] = [:]
        for (x, y) in points where x >= 0 && y >= 0 && x < width && y < height { counts[pixel(x, y), default: 0] += 1 }
        // Ties broken by the colour's value, not by Dictionary order (which changes run to run).
        return counts.max { ($0.value, $0.key.description) < ($1.value, $1.key.description) }?.key
    }
}
