/// Text from another process or from the network that will be shown on one line (a theme name in
/// an intent, a seat's name in a table's hello): not empty, at most `limit` characters, and
/// nothing a terminal would act on or hide (controls, format and bidi characters, separators,
/// private-use, unassigned). Readers refuse what fails, rather than clean it up.
public enum ShowableText {
    public static func isShowable(_ text: Substring, limit: Int) -> Bool {
        guard !text.isEmpty, text.count <= limit else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: false
            default: true
            }
        }
    }
}
