import Foundation
import MemorizeTestSupport
import Testing

extension EndToEndTests.Install {
    /// The SSH server's path through install.sh and uninstall.sh, with a stand-in server (a small
    /// C program that prints a manual page naming section 1, unstripped): it must arrive stripped
    /// in bin/ with its page in man1, be listed, and go on uninstall. The real server takes the same
    /// path when Package.swift declares it (install.sh then finds it in the release build).
    @Test("a server binary is installed stripped, its page in the section it names, and uninstalled")
    func serverInstallAndUninstall() throws {
        guard let compiler = Self.executable(named: "clang") ?? Self.executable(named: "cc") else {
            try Test.cancel("no C compiler (clang or cc) on PATH to build the stand-in server: skipped, not passed")
        }
        let scratch = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = scratch.appendingPathComponent("server.c")
        try #"""
            #include <stdio.h>
            #include <string.h>
            int main(int argc, char **argv) {
                if (argc == 2 && strcmp(argv[1], "--generate-manual") == 0) {
                    puts(".Dd November 25, 2026\n.Dt MEMORIZE\\-TUI\\-SERVER 1\n.Os\n.Sh NAME\n.Nm memorize-tui-server\n.Nd serves the game over SSH");
                    return 0;
                }
                return 2;
            }
            """#.write(to: source, atomically: true, encoding: .utf8)
        let server = scratch.appendingPathComponent("memorize-tui-server").path
        let compile = try ProcessRunner.run(compiler, ["-g", "-o", server, source.path], timeout: 60)
        try #require(compile.status == 0, "\(compiler): \(compile.stderrText)")

        let prefix = scratch.appendingPathComponent("prefix")
        let install = try ProcessRunner.run("/bin/bash", [Self.installScript, "--binary", try BinaryUnderTest.path(),
                                                          "--server-binary", server, "--prefix", prefix.path],
                                            environment: ProcessRunner.utf8Environment, timeout: 60)
        #expect(install.status == 0, "install.sh: \(install.stderrText)")
        let serverFiles = ["bin/memorize-tui-server", "share/man/man1/memorize-tui-server.1"]
        #expect(Self.files(under: prefix) == (Self.installedFiles + serverFiles).sorted(), "\(Self.files(under: prefix))")
        for file in serverFiles {
            #expect(install.stdoutText.contains(prefix.appendingPathComponent(file).path), "not listed: \(file)\n\(install.stdoutText)")
        }
        let installedServer = prefix.appendingPathComponent("bin/memorize-tui-server").path
        #expect(try Self.symbolTables(installedServer) == false, "the server was installed unstripped")
        #expect(try Self.symbolTables(prefix.appendingPathComponent("bin/memorize-tui").path) == false, "the game was installed unstripped")

        let uninstall = try ProcessRunner.run("/bin/bash", [Self.uninstallScript, "--prefix", prefix.path],
                                              environment: ProcessRunner.utf8Environment)
        #expect(uninstall.status == 0, "uninstall.sh: \(uninstall.stderrText)")
        #expect(Self.files(under: prefix).isEmpty, "left: \(Self.files(under: prefix))")

        // A server page naming a section the scripts do not clear is refused before anything is copied.
        try String(contentsOf: source, encoding: .utf8).replacingOccurrences(of: "SERVER 1", with: "SERVER 5")
            .write(to: source, atomically: true, encoding: .utf8)
        _ = try ProcessRunner.run(compiler, ["-o", server, source.path], timeout: 60)
        let refused = try ProcessRunner.run("/bin/bash", [Self.installScript, "--binary", try BinaryUnderTest.path(),
                                                          "--server-binary", server, "--prefix", prefix.path],
                                            environment: ProcessRunner.utf8Environment, timeout: 60)
        #expect(refused.status == 1)
        #expect(refused.stderrLines == ["install.sh: the memorize-tui-server man page names section 5, not one of 1 8; nothing was installed"])
        #expect(Self.files(under: prefix).isEmpty)
    }

    /// Whether the ELF file has a symbol table (.symtab), as `readelf -S` lists its sections.
    static func symbolTables(_ path: String) throws -> Bool {
        guard let readelf = executable(named: "readelf") else {
            try Test.cancel("readelf (binutils) not on PATH: cannot tell whether a binary is stripped")
        }
        let sections = try ProcessRunner.run(readelf, ["-S", "-W", path])
        try #require(sections.status == 0, "readelf -S \(path): \(sections.stderrText)")
        return sections.stdoutText.contains(".symtab")
    }
}
