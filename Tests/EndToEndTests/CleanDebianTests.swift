import Foundation
import MemorizeTestSupport
import TerminalUI
import Testing

extension EndToEndTests {
    /// The release files scripts/package.sh makes, on a Debian that has never seen Swift: a
    /// `debootstrap --variant=minbase` bookworm (with man-db, to read the manual; no compiler, no
    /// ncurses headers), cached between runs and copied afresh for each. There the .deb installs
    /// with dpkg, the game prints its version and themes, passes a key script, starts live at 80x24
    /// under TERM=xterm-256color and TERM=linux (tmux outside the root runs `chroot`), with HOME
    /// set and unset, `man` shows its page, and `dpkg -r` and `--purge` leave nothing; then the
    /// tarball installs into /usr/local, runs and uninstalls, leaving the root as it was.
    ///
    /// Runs when MEMORIZE_TUI_DIST names the dist/ folder (.ci/run sets it after package.sh), as
    /// root (chroot). When Debian's mirror cannot be reached to make the root, the test is skipped
    /// and says so; it never passes without having run.
    @Suite("Clean Debian")
    struct CleanDebian {
        static let environment = ProcessInfo.processInfo.environment
        static var dist: String? { environment["MEMORIZE_TUI_DIST"].flatMap { $0.isEmpty ? nil : $0 } }
        static var cache: String { environment["MEMORIZE_TUI_DEBIAN_CACHE"] ?? "/var/cache/memorize-tui-ci" }
        static var mirror: String { environment["MEMORIZE_TUI_DEBIAN_MIRROR"] ?? "http://deb.debian.org/debian" }
        static let chroot = "/usr/sbin/chroot"

        /// What a login shell on the root would have, and nothing of the test's own environment.
        static func rootEnvironment(home: String? = "/root", term: String = "xterm-256color") -> [String: String] {
            var env = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/local/games:/usr/games",
                       "LANG": "C.UTF-8", "TERM": term, "DEBIAN_FRONTEND": "noninteractive"]
            env["HOME"] = home
            return env
        }

        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        /// The one .deb and one tarball in dist/, named for the version the binary prints.
        static func releaseFiles(in dist: String) throws -> (deb: String, tarball: String, version: String) {
            let names = try FileManager.default.contentsOfDirectory(atPath: dist)
            let debs = names.filter { $0.hasPrefix("memorize-tui_") && $0.hasSuffix(".deb") }
            let tarballs = names.filter { $0.hasPrefix("memorize-tui-") && $0.hasSuffix(".tar.gz") }
            guard debs.count == 1, tarballs.count == 1 else {
                throw Failure(description: "dist/ should hold one .deb and one tarball, holds \(names.sorted())")
            }
            let version = String(debs[0].dropFirst("memorize-tui_".count).prefix { $0 != "_" })
            return (dist + "/" + debs[0], dist + "/" + tarballs[0], version)
        }

        /// Makes the cached root once (under a lock, so two runs never bootstrap together) and
        /// copies it to `work`. Skips the test, saying why, when the mirror cannot be reached.
        static func prepareRoot(at work: String) throws {
            let started = Date()
            let script = #"""
                set -euo pipefail
                cache=$1 mirror=$2 work=$3
                mkdir -p "$cache"
                exec 9> "$cache/lock"
                flock 9
                # Leftovers of runs that were killed: their process is gone.
                for old in "$cache"/run-*; do
                  [[ -d $old ]] || continue
                  pid=${old##*/run-}; pid=${pid%%-*}
                  [[ -d /proc/$pid ]] && continue
                  umount "$old/proc" 2>/dev/null || true
                  rm -rf --one-file-system -- "$old"
                done
                if [[ ! -e $cache/bookworm-minbase-sqlite.complete ]]; then
                  if ! wget -q -T 20 -t 2 -O /dev/null "$mirror/dists/bookworm/Release"; then
                    echo "cannot reach $mirror (wget $mirror/dists/bookworm/Release failed)"
                    exit 77
                  fi
                  rm -rf --one-file-system -- "$cache/bookworm-minbase-sqlite" "$cache/building"
                  # libsqlite3-0: the server's leaderboard links Debian's SQLite, a Depends of the .deb
                  # that `apt install ./memorize-tui_*.deb` brings and `dpkg -i` alone does not fetch.
                  echo "debootstrap --variant=minbase --include=man-db,libsqlite3-0 bookworm (first run on this machine)" >&2
                  if ! debootstrap --variant=minbase --include=man-db,libsqlite3-0 bookworm "$cache/building" "$mirror" > "$cache/debootstrap.log" 2>&1; then
                    tail -n 20 "$cache/debootstrap.log" >&2
                    exit 1
                  fi
                  mv "$cache/building" "$cache/bookworm-minbase-sqlite"
                  touch "$cache/bookworm-minbase-sqlite.complete"
                fi
                cp -a "$cache/bookworm-minbase-sqlite" "$work"
                """#
            var environment = ProcessRunner.baseEnvironment
            environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin"
            let result = try ProcessRunner.run("/bin/bash", ["-c", script, "bash", cache, mirror, work],
                                               environment: environment, timeout: 1200)
            if result.status == 77 {
                print("Clean Debian: SKIPPED, not passed: debootstrap cannot reach Debian's packages: \(result.stdoutText)")
                try Test.cancel("debootstrap cannot reach Debian's packages (\(result.stdoutText.trimmingCharacters(in: .newlines))): skipped, not passed")
            }
            guard result.status == 0 else {
                throw Failure(description: "making the Debian root failed (\(result.status)): \(result.stdoutText)\(result.stderrText)")
            }
            print("Clean Debian: root ready in \(String(format: "%.1f", Date().timeIntervalSince(started))) s (\(result.stderrText.isEmpty ? "from the cache" : "bootstrapped"))")
        }

        /// Every path in the root with its type, except the records that installing anything
        /// rewrites: dpkg's status and log, man-db's index, and /tmp where the test works.
        static func tree(of root: String) throws -> Set<String> {
            let result = try ProcessRunner.run("/usr/bin/find", [root, "-xdev", "-printf", "%P %y\n"], timeout: 60)
            guard result.status == 0 else { throw Failure(description: "find \(root): \(result.stderrText)") }
            let records = ["var/lib/dpkg/status", "var/lib/dpkg/status-old", "var/lib/dpkg/available",
                           "var/lib/dpkg/lock", "var/lib/dpkg/lock-frontend", "var/lib/dpkg/triggers/",
                           "var/log/dpkg.log", "var/cache/man/", "var/cache/debconf/", "tmp/"]
            return Set(result.stdoutText.split(separator: "\n").map(String.init).filter { line in
                !records.contains { line.hasPrefix($0) }
            })
        }

        /// Runs `command` inside the root, with the root's own environment.
        static func inRoot(_ root: String, _ command: [String], environment: [String: String] = rootEnvironment(),
                           timeout: Double = 60) throws -> ProcessOutput {
            try ProcessRunner.run(chroot, [root] + command, environment: environment, timeout: timeout)
        }

        /// The key script both installs run: a dealt board (a full row of card backs) and a card
        /// turned up. Its output must equal the same binary's output on the build machine.
        static let keyScript = """
            seed 42
            theme Halloween
            key d
            wait 3s
            expect "░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░"
            key space
            wait 1s
            snapshot chosen
            expect "Score: 0"

            """

        @Test("the .deb and the tarball install, play and leave nothing on a minimal Debian with no toolchain",
              .enabled(if: dist != nil, "set MEMORIZE_TUI_DIST to the dist/ folder of scripts/package.sh (.ci/run does)"))
        func cleanDebian() throws {
            let dist = try #require(Self.dist)
            guard getuid() == 0 else {
                try Test.cancel("needs root (chroot, dpkg in the root): skipped, not passed")
            }
            let release = try Self.releaseFiles(in: dist)
            let work = Self.cache + "/run-\(getpid())-\(UUID().uuidString.prefix(8))"
            try Self.prepareRoot(at: work)
            defer { Self.remove(work) }
            // A running Debian has /proc; the Swift runtime reads /proc/self/maps at start (without
            // it the game aborts: "Unable to obtain Swift runtime path").
            let mountProc = try ProcessRunner.run("/bin/mount", ["-t", "proc", "proc", work + "/proc"], timeout: 30)
            try #require(mountProc.status == 0, "mount -t proc in the root: \(mountProc.stderrText)")
            defer { _ = try? ProcessRunner.run("/bin/umount", [work + "/proc"], timeout: 30) }
            let started = Date()

            // No Swift, no compiler, no ncurses headers or development library.
            for absent in ["usr/bin/swift", "usr/bin/swiftc", "usr/bin/cc", "usr/bin/gcc", "usr/bin/clang",
                           "usr/include/ncursesw/curses.h", "usr/include/curses.h", "usr/lib/x86_64-linux-gnu/libncursesw.a"] {
                #expect(!FileManager.default.fileExists(atPath: "\(work)/\(absent)"), "the clean root has /\(absent)")
            }
            // The host's answer to the key script, to compare the root's with.
            let expectedSnapshot = try Self.hostSnapshot(deb: release.deb, scratch: work + ".host")

            let pristine = try Self.tree(of: work)
            #expect(pristine.count > 5_000, "the root's tree has only \(pristine.count) paths")
            try FileManager.default.copyItem(atPath: release.deb, toPath: "\(work)/tmp/memorize-tui.deb")
            let install = try Self.inRoot(work, ["dpkg", "-i", "/tmp/memorize-tui.deb"], timeout: 120)
            #expect(install.status == 0, "dpkg -i: \(install.stdoutText)\(install.stderrText)")
            guard install.status == 0 else { return }
            let listed = try Self.inRoot(work, ["dpkg", "-L", "memorize-tui"])
            let packaged = listed.stdoutText.split(separator: "\n").map(String.init)
                .filter { path in !["/.", "/usr", "/usr/share", "/usr/share/doc", "/usr/share/man", "/usr/games", "/usr/bin"].contains(path) }
            #expect(packaged.contains("/usr/games/memorize-tui"), "dpkg -L: \(packaged)")

            try checkGame(at: "/usr/games/memorize-tui", in: work, version: release.version, expectedSnapshot: expectedSnapshot)
            if packaged.contains("/usr/bin/memorize-tui-server") {
                try checkServer(at: "/usr/bin/memorize-tui-server", in: work)
            }

            // man finds the page in section 6 and renders it.
            if FileManager.default.isExecutableFile(atPath: "\(work)/usr/bin/man") {
                var environment = Self.rootEnvironment()
                environment["MANPAGER"] = "cat"
                environment["MANWIDTH"] = "80"
                let whereIs = try Self.inRoot(work, ["man", "-w", "memorize-tui"], environment: environment)
                #expect(whereIs.stdoutText == "/usr/share/man/man6/memorize-tui.6.gz\n", "man -w: \(whereIs.stdoutText)\(whereIs.stderrText)")
                let page = try Self.inRoot(work, ["man", "memorize-tui"], environment: environment)
                #expect(page.status == 0 && page.stdoutText.contains("SYNOPSIS") && page.stdoutText.contains("--theme"),
                        "man memorize-tui: \(page.stderrText)\(page.stdoutText.prefix(500))")
            } else {
                print("Clean Debian: no man-db in the root: the manual was installed but not read with man")
            }

            // dpkg -r removes every file of the package; --purge forgets it; the root is as it was.
            let remove = try Self.inRoot(work, ["dpkg", "-r", "memorize-tui"], timeout: 120)
            #expect(remove.status == 0, "dpkg -r: \(remove.stdoutText)\(remove.stderrText)")
            for path in packaged {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: work + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    Issue.record("dpkg -r left \(path)")
                }
            }
            let purge = try Self.inRoot(work, ["dpkg", "--purge", "memorize-tui"], timeout: 120)
            #expect(purge.status == 0, "dpkg --purge: \(purge.stdoutText)\(purge.stderrText)")
            let known = try Self.inRoot(work, ["dpkg-query", "-W", "-f", "${db:Status-Status}", "memorize-tui"])
            #expect(known.status != 0 || known.stdoutText == "not-installed", "dpkg still knows the package: \(known.stdoutText)")
            try FileManager.default.removeItem(atPath: "\(work)/tmp/memorize-tui.deb")
            Self.expectSame(pristine, try Self.tree(of: work), after: "dpkg -i, dpkg -r, dpkg --purge")

            // The tarball: unpacked in /tmp, installed into /usr/local by its own install.sh, run,
            // uninstalled; then the unpacked folder goes and the root must be as it was.
            try FileManager.default.copyItem(atPath: release.tarball, toPath: "\(work)/tmp/memorize-tui.tar.gz")
            let unpack = try Self.inRoot(work, ["tar", "-xzf", "/tmp/memorize-tui.tar.gz", "-C", "/tmp"])
            #expect(unpack.status == 0, "tar: \(unpack.stderrText)")
            let folder = "/tmp/" + URL(fileURLWithPath: release.tarball).lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")
            let tarInstall = try Self.inRoot(work, ["bash", "\(folder)/install.sh", "--prefix", "/usr/local"])
            #expect(tarInstall.status == 0, "install.sh from the tarball: \(tarInstall.stdoutText)\(tarInstall.stderrText)")
            #expect(tarInstall.stdoutText.contains("/usr/local/bin/memorize-tui"), "\(tarInstall.stdoutText)")
            try checkGame(at: "/usr/local/bin/memorize-tui", in: work, version: release.version, expectedSnapshot: expectedSnapshot,
                          live: false)
            if tarInstall.stdoutText.contains("/usr/local/bin/memorize-tui-server") {
                try checkServer(at: "/usr/local/bin/memorize-tui-server", in: work)
            }
            let tarUninstall = try Self.inRoot(work, ["bash", "\(folder)/uninstall.sh", "--prefix", "/usr/local"])
            #expect(tarUninstall.status == 0, "uninstall.sh from the tarball: \(tarUninstall.stdoutText)\(tarUninstall.stderrText)")
            try FileManager.default.removeItem(atPath: work + folder)
            try FileManager.default.removeItem(atPath: "\(work)/tmp/memorize-tui.tar.gz")
            Self.expectSame(pristine, try Self.tree(of: work), after: "the tarball's install.sh and uninstall.sh")
            print("Clean Debian: installed, played and removed in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        }

        /// --version, --list-themes (with HOME unset too: a user theme in root's home, found
        /// through getpwuid in the static binary), the key script, and live starts in tmux.
        func checkGame(at program: String, in root: String, version: String, expectedSnapshot: String, live: Bool = true) throws {
            let printed = try Self.inRoot(root, [program, "--version"])
            #expect(printed.status == 0, "\(program) --version: \(printed.stderrText)")
            #expect(printed.stdoutText.hasPrefix(version + "\n") || printed.stdoutText.hasPrefix(version + " ("),
                    "--version printed \(printed.stdoutText), the package is \(version)")

            let themes = try Self.inRoot(root, [program, "--list-themes"])
            #expect(themes.status == 0 && themes.stdoutText.contains("Halloween"), "--list-themes: \(themes.stdoutText)\(themes.stderrText)")

            let configuration = "\(root)/root/.config/memorize-tui"
            try FileManager.default.createDirectory(atPath: configuration, withIntermediateDirectories: true)
            try ##"{"themes": [{"name": "Rootshire", "emoji": ["🍎", "🍐"], "pairs": 2, "color": "#00a000"}]}"##
                .write(toFile: configuration + "/themes.json", atomically: true, encoding: .utf8)
            let homeless = try Self.inRoot(root, [program, "--list-themes"], environment: Self.rootEnvironment(home: nil))
            #expect(homeless.status == 0 && homeless.stdoutText.contains("Rootshire"),
                    "with HOME unset the user's themes come from the password database's home: \(homeless.stdoutText)\(homeless.stderrText)")
            try FileManager.default.removeItem(atPath: "\(root)/root/.config")

            try Self.keyScript.write(toFile: "\(root)/tmp/deal.keys", atomically: true, encoding: .utf8)
            let headless = try Self.inRoot(root, [program, "--headless", "--size", "80x24", "--script", "/tmp/deal.keys"])
            #expect(headless.status == 0, "the key script: \(headless.stderrText)\(headless.stdoutText)")
            #expect(headless.stdoutText == expectedSnapshot, "the root's snapshot differs from the build machine's:\n\(headless.stdoutText)")
            try FileManager.default.removeItem(atPath: "\(root)/tmp/deal.keys")

            guard live else { return }
            for term in ["xterm-256color", "linux"] {
                for home in ["/root", nil] {
                    try playLive(program, in: root, term: term, home: home)
                }
            }
        }

        /// The SSH server, which links glibc, libstdc++ and libgcc_s dynamically: it starts in the
        /// root (its Depends brought what it loads), finds the game by itself (beside it, or in
        /// /usr/games from /usr/bin), and stops at the first check after that, an authorized-keys
        /// file that is not there, before it would listen anywhere.
        func checkServer(at program: String, in root: String) throws {
            let run = try Self.inRoot(root, [program, "--authorized-keys", "/nonexistent-keys", "--state-dir", "/tmp/server-state"])
            #expect(run.status == 2 && run.stderrText.contains("cannot read /nonexistent-keys") && !run.stderrText.contains("cannot run the game"),
                    "\(program) in the root: \(run.status) \(run.stderrText)")
            try? FileManager.default.removeItem(atPath: "\(root)/tmp/server-state")
            if FileManager.default.isExecutableFile(atPath: "\(root)/usr/bin/man") {
                let page = try Self.inRoot(root, ["man", "-w", URL(fileURLWithPath: program).lastPathComponent])
                #expect(page.status == 0 && page.stdoutText.contains("memorize-tui-server."), "man -w: \(page.stdoutText)\(page.stderrText)")
            }
        }

        /// tmux, outside the root, runs `chroot ROOT PROGRAM` at 80x24: the board is drawn, `d`
        /// deals, `q` quits with status 0 and the modes are off.
        func playLive(_ program: String, in root: String, term: String, home: String?) throws {
            let what = "TERM=\(term), HOME \(home ?? "unset")"
            var assignments = Self.rootEnvironment(home: home, term: term).map { "\($0.key)=\($0.value)" }.sorted()
            assignments.insert("-i", at: 0)
            let session = try TmuxSession(size: Check.size80x24, term: term,
                                          arguments: assignments + [Self.chroot, root, program, "--seed", "42", "--theme", "Halloween"],
                                          binary: "/usr/bin/env")
            defer { session.close() }
            try session.waitUntil("the board (\(what))") { $0.contains("Score: 0") && $0.contains("[Shuffle]") && $0.contains("16") }
            try session.sendKeys("d")
            try session.waitUntil("the dealt cards (\(what))", timeout: 8) { screen in
                screen.lines.contains { $0.contains("░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░ ░░░░░░░░░") }
            }
            try session.sendKeys("q")
            let code = try session.waitForExit(timeout: 5)
            #expect(code == 0, "q with \(what): exit \(code), stderr: \(session.stderrText())")
            let flags = try session.flags()
            #expect(!flags.mouseAny && flags.cursorVisible && !flags.alternateOn, "after q with \(what): \(flags)")
        }

        /// The host's run of the packaged binary (from the .deb itself) on the same key script.
        static func hostSnapshot(deb: String, scratch: String) throws -> String {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let unpack = try ProcessRunner.run("/usr/bin/dpkg-deb", ["-x", deb, scratch], timeout: 60)
            guard unpack.status == 0 else { throw Failure(description: "dpkg-deb -x: \(unpack.stderrText)") }
            try keyScript.write(toFile: scratch + "/deal.keys", atomically: true, encoding: .utf8)
            var environment = ProcessRunner.utf8Environment
            environment["HOME"] = scratch
            environment["XDG_CONFIG_HOME"] = scratch + "/config"
            let run = try ProcessRunner.run(scratch + "/usr/games/memorize-tui",
                                            ["--headless", "--size", "80x24", "--script", scratch + "/deal.keys"], environment: environment)
            guard run.status == 0 else { throw Failure(description: "the packaged binary's key script on this machine: \(run.stderrText)") }
            return run.stdoutText
        }

        static func expectSame(_ before: Set<String>, _ after: Set<String>, after what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
            let added = after.subtracting(before).sorted(), removed = before.subtracting(after).sorted()
            #expect(added.isEmpty && removed.isEmpty,
                    "after \(what) the root differs: left behind \(added.prefix(20)), gone \(removed.prefix(20))",
                    sourceLocation: sourceLocation)
        }

        /// Removes a root copy, unless something is mounted inside it (then it is left, and said).
        static func remove(_ work: String) {
            let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
            if mounts.split(separator: "\n").contains(where: { $0.split(separator: " ").dropFirst().first?.hasPrefix(work) == true }) {
                Issue.record("something is mounted under \(work): left in place")
                return
            }
            _ = try? ProcessRunner.run("/bin/rm", ["-rf", "--one-file-system", "--", work], timeout: 120)
        }
    }
}
