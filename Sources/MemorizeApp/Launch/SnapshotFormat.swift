import TerminalUI

/// How a snapshot is printed: a header line naming it, then the screen as plain text.
public enum SnapshotFormat {
    public static func render(name: String, canvas: Canvas) -> String {
        "--- snapshot \(SafeText.neutralised(name)) \(canvas.size) ---\n\(canvas.plainText)\n"
    }
}
