import Foundation
import Memorize
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
import ThemeFormat
#endif
@testable import MemorizeStore

extension PersistenceTests {
    /// User themes: saved atomically; a bad file is named (file:line) and kept, never saved over.
    @Suite struct UserThemeStoreTests {
        static let spooky = Theme(name: "Spooky", emoji: ["👻", "🎃", "🦇"], pairs: 3, color: RGBColor(red: 255, green: 140, blue: 0), ascii: ["G", "P", "B"])
        static let cars = Theme(name: "Cars / \"fast\"", emoji: ["🚗", "🚕"], pairs: 2, color: RGBColor(red: 224, green: 60, blue: 49))

        /// Theme 2 (line 9) has one pair: decodes fine, breaks the rules.
        static let fileWithABadTheme = """
        {
          "themes": [
            {"name": "Spooky", "emoji": ["👻", "🎃", "🦇"], "pairs": 3, "color": "#ff8c00"},
            {
              "name": "Fine",
              "emoji": ["🚗", "🚕"],
              "pairs": 2, "color": "#e03c31"
            },
            {"name": "Lonely", "emoji": ["🐶"], "pairs": 1, "color": "#c08040"}
          ]
        }
        """

        @Test func roundTripInTheAssetsFormat() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("config/memorize-tui/themes.json")
            let store = UserThemeStore(path: path, validator: .forTests)
            #expect(store.themes.isEmpty)
            #expect(store.warning == nil)
            try store.save([Self.spooky, Self.cars])
            #expect(store.themes == [Self.spooky, Self.cars])
            #expect(permissions(path) == 0o644)
            #expect(permissions(dir.file("config")) == 0o700)

            let again = UserThemeStore(path: path, validator: .forTests)
            #expect(again.warning == nil)
            #expect(again.themes == [Self.spooky, Self.cars])
            // The same loader as the built-in themes reads it.
            #expect(try ThemeLibrary.decode(Data(readBytes(path) ?? []), source: "x") == [Self.spooky, Self.cars])
            try again.save([])
            #expect(UserThemeStore(path: path, validator: .forTests).themes.isEmpty)
        }

        @Test func badJSONIsNamedAndKeptUntilMovedAway() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("themes.json")
            let original = "{\n  \"themes\": [\n    {\"name\": \"Spooky\",, }\n  ]\n}\n"
            dir.write(original, to: "themes.json")

            let store = UserThemeStore(path: path, validator: .forTests)
            let warning = try #require(store.warning)
            #expect(warning.hasPrefix("User themes: \(path):3:"), "\(warning)")
            #expect(warning.contains("kept as it is"))
            #expect(store.themes.isEmpty)

            let error = #expect(throws: UserThemeStoreError.self) { try store.save([Self.spooky]) }
            #expect(error?.description.contains("\(path):3:") == true)
            #expect(error?.description.contains("fix or move that file") == true)
            #expect(readBytes(path) == Array(original.utf8))
            #expect(dir.names() == ["themes.json"])

            // The player moves it away: saving works again, and their file is where they put it.
            rename(path, dir.file("themes.json.mine"))
            try store.save([Self.spooky])
            #expect(store.warning == nil)
            #expect(UserThemeStore(path: path, validator: .forTests).themes == [Self.spooky])
            #expect(readBytes(dir.file("themes.json.mine")) == Array(original.utf8))
        }

        @Test func anUnplayableThemeIsNamedAtItsLineAndTheOthersStillPlay() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("themes.json")
            dir.write(Self.fileWithABadTheme, to: "themes.json")
            let store = UserThemeStore(path: path, validator: .forTests)
            #expect(store.themes.map(\.name) == ["Spooky", "Fine"])
            let warning = try #require(store.warning)
            #expect(warning.contains("\(path):9:5: theme \"Lonely\": pairs is 1"), "\(warning)")
            #expect(throws: UserThemeStoreError.self) { try store.save(store.themes) }
            #expect(readBytes(path) == Array(Self.fileWithABadTheme.utf8))
        }

        @Test func duplicateNamesInTheFileAreAProblem() throws {
            let dir = TemporaryDirectory()
            let text = "{\"themes\": [\n{\"name\": \"A\", \"emoji\": [\"👻\", \"🎃\"], \"pairs\": 2, \"color\": \"#ff8c00\"},\n{\"name\": \"A\", \"emoji\": [\"🚗\", \"🚕\"], \"pairs\": 2, \"color\": \"#ff8c00\"}\n]}"
            dir.write(text, to: "themes.json")
            let store = UserThemeStore(path: dir.file("themes.json"), validator: .forTests)
            #expect(store.themes.count == 1)
            #expect(store.warning?.contains(":3:1: theme \"A\": another theme above has the same name") == true)
        }

        @Test func narrowEmojiAreRefusedLikeTheBuiltInLintDoes() throws {
            let dir = TemporaryDirectory()
            dir.write("{\"themes\": [{\"name\": \"Bugs\", \"emoji\": [\"👻\", \"🕷\"], \"pairs\": 2, \"color\": \"#ff8c00\"}]}", to: "themes.json")
            let store = UserThemeStore(path: dir.file("themes.json"), validator: .forTests)
            #expect(store.themes.isEmpty)
            #expect(store.warning?.contains(":1:13: theme \"Bugs\": emoji 2 \"🕷\" is 1 column(s) wide in a terminal, not 2") == true, "\(store.warning ?? "")")
        }

        @Test func saveRefusesThemesThatCouldNotBeLoadedBack() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("themes.json")
            let store = UserThemeStore(path: path, validator: .forTests)
            try store.save([Self.spooky])
            let before = readBytes(path)
            var broken = Self.spooky
            broken.emoji = ["👻", "👻"]
            #expect(throws: UserThemeStoreError.invalidTheme(name: "Spooky", problems: ["emoji 2 \"👻\" appears more than once", "ascii has 3 characters for 2 emoji"])) {
                try store.save([broken])
            }
            #expect(throws: UserThemeStoreError.duplicateName("Spooky")) { try store.save([Self.spooky, Self.spooky]) }
            #expect(readBytes(path) == before)
            #expect(store.themes == [Self.spooky])
        }

        @Test func anEditMadeOnDiskMeanwhileIsNotOverwritten() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("themes.json")
            let store = UserThemeStore(path: path, validator: .forTests)
            try store.save([Self.spooky])
            // The player edits the file by hand while the game runs.
            let edited = String(decoding: UserThemeStore.encode([Self.spooky, Self.cars]), as: UTF8.self)
            dir.write(edited, to: "themes.json")
            #expect(throws: UserThemeStoreError.changedOnDisk(path)) { try store.save([]) }
            #expect(store.themes == [Self.spooky, Self.cars])
            #expect(readBytes(path) == Array(edited.utf8))
            try store.save([Self.cars])  // now that it has seen the edit
            #expect(UserThemeStore(path: path, validator: .forTests).themes == [Self.cars])
        }

        @Test func aSymlinkIsReadButNeverWrittenThrough() throws {
            let dir = TemporaryDirectory()
            let dotfile = String(decoding: UserThemeStore.encode([Self.spooky]), as: UTF8.self)
            dir.write(dotfile, to: "dotfiles-themes.json")
            symlink(dir.file("dotfiles-themes.json"), dir.file("themes.json"))
            let store = UserThemeStore(path: dir.file("themes.json"), validator: .forTests)
            #expect(store.warning == nil)
            #expect(store.themes == [Self.spooky])
            let error = #expect(throws: UserThemeStoreError.self) { try store.save([Self.cars]) }
            #expect(error?.description.contains("is a symbolic link; refusing to write through it") == true)
            #expect(readBytes(dir.file("dotfiles-themes.json")) == Array(dotfile.utf8))
        }

        @Test func aDirectoryOrAHugeFileIsReportedAndKept() throws {
            let dir = TemporaryDirectory()
            mkdir(dir.file("themes.json"), 0o755)
            let store = UserThemeStore(path: dir.file("themes.json"), validator: .forTests)
            #expect(store.warning?.contains("\(dir.file("themes.json")) is a directory") == true)
            #expect(throws: UserThemeStoreError.self) { try store.save([Self.spooky]) }
            #expect(fileType(dir.file("themes.json")) == S_IFDIR)

            let huge = [UInt8](repeating: 0x20, count: GuardedRead.sizeLimit + 1)
            dir.write(huge, to: "big.json")
            let big = UserThemeStore(path: dir.file("big.json"), validator: .forTests)
            #expect(big.warning?.contains("larger than the 1024 KiB limit") == true)
            #expect(throws: UserThemeStoreError.self) { try big.save([Self.spooky]) }
            #expect(readBytes(dir.file("big.json")) == huge)
        }

        @Test func anUnreadableFileIsKept() throws {
            let dir = TemporaryDirectory()
            chmod(dir.path, 0o777)  // user nobody could replace the file here: only the store's refusal protects it
            let path = dir.file("themes.json")
            let original = Array(UserThemeStore.encode([Self.spooky]))
            dir.write(original, to: "themes.json")
            chmod(path, 0o000)
            _ = UserThemeStore(path: dir.file("warm-up.json"), validator: .forTests)  // see ForkedChild
            let failure = asUnprivilegedUser {
                let store = UserThemeStore(path: path, validator: .forTests)
                guard store.warning?.contains("\(path) cannot be read (Permission denied)") == true else { return "warning: \(store.warning ?? "nil")" }
                do {
                    try store.save([Self.cars])
                    return "saved over an unreadable file"
                } catch {
                    return "\(error)".contains("cannot be read") ? nil : "wrong error: \(error)"
                }
            }
            #expect(failure == nil)
            chmod(path, 0o644)
            #expect(readBytes(path) == original)
            #expect(dir.names() == ["themes.json"])
        }
    }
}
