/// The theme editor; keys not in its table are typed into the focused field.
enum EditorCommand: Equatable, Sendable {
    case nextField, previousField, adjust(Int), submit, save, deleteBackward, removeEmoji, cancel, quit
}
