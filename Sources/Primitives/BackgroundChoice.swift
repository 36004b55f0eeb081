/// Which background the terminal has, as the player says (`--background`, settings.json's
/// "background"): `auto` asks the terminal. One spelling for the command line, the settings file
/// and the screen.
public enum BackgroundChoice: String, CaseIterable, Hashable, Sendable {
    case light, dark, auto

    /// "light, dark or auto", for messages and help.
    public static var spelled: String { "light, dark or auto" }
}
