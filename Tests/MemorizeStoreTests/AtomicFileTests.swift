import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import MemorizeStore

extension PersistenceTests {
    @Suite struct AtomicFileTests {
        @Test func writesAndReplacesLeavingNoTempFiles() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("a.json")
            try AtomicFile.write(Data("first".utf8), to: path)
            #expect(readBytes(path) == Array("first".utf8))
            try AtomicFile.write(Data("second, longer".utf8), to: path)
            #expect(readBytes(path) == Array("second, longer".utf8))
            try AtomicFile.write(Data(), to: path)
            #expect(readBytes(path) == [])
            #expect(dir.names() == ["a.json"])
        }

        @Test func createsMissingParentDirectoriesPrivately() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("state/memorize-tui/scores.json")
            try AtomicFile.write(Data("x".utf8), to: path, mode: 0o600)
            #expect(readBytes(path) == Array("x".utf8))
            #expect(permissions(dir.file("state")) == 0o700)
            #expect(permissions(dir.file("state/memorize-tui")) == 0o700)
            #expect(permissions(path) == 0o600)
        }

        @Test func keepsThePlayersModeOnAnExistingFile() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("themes.json")
            try AtomicFile.write(Data("a".utf8), to: path, mode: 0o644)
            chmod(path, 0o640)
            try AtomicFile.write(Data("b".utf8), to: path, mode: 0o644)
            #expect(permissions(path) == 0o640)
        }

        @Test func refusesToWriteThroughASymlink() throws {
            let dir = TemporaryDirectory()
            dir.write("precious", to: "elsewhere")
            symlink(dir.file("elsewhere"), dir.file("scores.json"))
            #expect(throws: AtomicFile.Error(path: dir.file("scores.json"), reason: .symbolicLink)) {
                try AtomicFile.write(Data("new".utf8), to: dir.file("scores.json"))
            }
            #expect(readBytes(dir.file("elsewhere")) == Array("precious".utf8))
            #expect(fileType(dir.file("scores.json")) == S_IFLNK)
            #expect(dir.names() == ["elsewhere", "scores.json"])
        }

        @Test func refusesToReplaceADirectory() throws {
            let dir = TemporaryDirectory()
            mkdir(dir.file("scores.json"), 0o755)
            let error = #expect(throws: AtomicFile.Error.self) {
                try AtomicFile.write(Data("new".utf8), to: dir.file("scores.json"))
            }
            #expect(error?.reason == .notARegularFile("a directory"))
            #expect(error?.description.contains("is a directory") == true)
            #expect(fileType(dir.file("scores.json")) == S_IFDIR)
        }

        @Test func failureLeavesTheOldFileAndNoTempFile() throws {
            let dir = TemporaryDirectory()
            dir.write("old", to: "blocker")
            // A parent that is a file: even root cannot create a directory there.
            let error = #expect(throws: AtomicFile.Error.self) {
                try AtomicFile.write(Data("new".utf8), to: dir.file("blocker/sub/scores.json"))
            }
            #expect(error?.description.contains(dir.file("blocker/sub/scores.json")) == true)
            #expect(readBytes(dir.file("blocker")) == Array("old".utf8))
            #expect(dir.names() == ["blocker"])
        }

        @Test func tempFilesNeverShareTheTargetsName() {
            #expect(AtomicFile.tempPrefix(for: "scores.json") == ".scores.json.tmp-")
            #expect(AtomicFile.split("/a/b/c.json").directory == "/a/b")
            #expect(AtomicFile.split("/a/b/c.json").name == "c.json")
            #expect(AtomicFile.split("/c.json").directory == "/")
            #expect(AtomicFile.split("c.json").directory == ".")
        }
    }

    @Suite struct XDGPathsTests {
        @Test func defaultsUnderHome() {
            let paths = XDGPaths(environment: ["HOME": "/home/ada"], fallbackHome: nil)
            #expect(paths.scoresFile == "/home/ada/.local/state/memorize-tui/scores.json")
            #expect(paths.themesFile == "/home/ada/.config/memorize-tui/themes.json")
        }

        @Test func xdgVariablesWin() {
            let paths = XDGPaths(environment: ["HOME": "/home/ada", "XDG_STATE_HOME": "/s/", "XDG_CONFIG_HOME": "/c"], fallbackHome: nil)
            #expect(paths.scoresFile == "/s/memorize-tui/scores.json")
            #expect(paths.themesFile == "/c/memorize-tui/themes.json")
        }

        @Test func relativeAndEmptyValuesAreIgnored() {
            let paths = XDGPaths(environment: ["HOME": "/home/ada", "XDG_STATE_HOME": "state", "XDG_CONFIG_HOME": ""], fallbackHome: nil)
            #expect(paths.scoresFile == "/home/ada/.local/state/memorize-tui/scores.json")
            #expect(paths.themesFile == "/home/ada/.config/memorize-tui/themes.json")
        }

        @Test func noHomeFallsBackThenGivesUp() {
            #expect(XDGPaths(environment: ["HOME": "relative"], fallbackHome: "/var/ada").scoresFile == "/var/ada/.local/state/memorize-tui/scores.json")
            let none = XDGPaths(environment: [:], fallbackHome: nil)
            #expect(none.scoresFile == nil)
            #expect(none.themesFile == nil)
        }
    }
}

extension PersistenceTests.AtomicFileTests {
    @Test func aSaveSweepsOldStaleTempFilesOnly() throws {
        let dir = TemporaryDirectory()
        dir.write("partial", to: ".a.json.tmp-1-old")
        dir.write("partial", to: ".a.json.tmp-2-recent")
        dir.write("other", to: ".b.json.tmp-3-old")
        for name in [".a.json.tmp-1-old", ".b.json.tmp-3-old"] {
            var times = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
            utimes(dir.file(name), &times)
        }
        try AtomicFile.write(Data("x".utf8), to: dir.file("a.json"))
        #expect(dir.names() == [".a.json.tmp-2-recent", ".b.json.tmp-3-old", "a.json"])
    }
}
