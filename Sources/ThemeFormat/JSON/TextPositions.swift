/// Line and column of byte offsets in one text, each lookup in constant time after one linear
/// pass: a table of line starts (found by binary search) and a count of characters every 64
/// bytes, so neither a long file nor a file on one line makes messages or theme places quadratic.
public struct TextPositions: Sendable {
    private let bytes: [UInt8]
    /// Byte offset where each line starts; the first is 0.
    private let lineStarts: [Int]
    /// Characters (UTF-8 lead bytes) before byte `i * stride`.
    private let characterCheckpoints: [Int]
    private static let stride = 64

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var lineStarts = [0]
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count / Self.stride + 1)
        var characters = 0
        for (index, byte) in bytes.enumerated() {
            if index % Self.stride == 0 { checkpoints.append(characters) }
            if byte & 0xC0 != 0x80 { characters += 1 }
            if byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        }
        if bytes.count % Self.stride == 0 { checkpoints.append(characters) }
        self.lineStarts = lineStarts
        self.characterCheckpoints = checkpoints
    }

    /// 1-based line and column (in Unicode scalars, so an emoji is one column) of a byte offset;
    /// offsets outside the text are clamped to it.
    public func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        // The last line start at or before offset (a newline at offset - 1 starts a new line).
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = characters(before: offset) - characters(before: lineStarts[low]) + 1
        return (low + 1, column)
    }

    /// Characters in bytes[0..<offset]: a checkpoint plus fewer than 64 bytes counted.
    private func characters(before offset: Int) -> Int {
        let checkpoint = offset / Self.stride
        var count = characterCheckpoints[checkpoint]
        for index in (checkpoint * Self.stride)..<offset where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
