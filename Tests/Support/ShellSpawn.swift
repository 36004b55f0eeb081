import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn` as a shell would spawn: the test runner's threads block most signals and a child
/// inherits that mask, so tmux's server, the game or memorize-tui-server would never see SIGCHLD,
/// SIGTERM, SIGHUP or SIGWINCH. Children start with an empty mask and default dispositions.
/// Every test helper that starts a process (ProcessRunner, BackgroundProcess, the audit's server)
/// spawns through here.
public enum ShellSpawn {
    /// Starts `executable arguments` with exactly `environment`; `files` sets up its descriptors
    /// (stdin, stdout, stderr) on the file actions. Returns the child's pid.
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                             files: (inout posix_spawn_file_actions_t) -> Void) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        files(&actions)
        // No descriptor of the test runner but the three set above reaches the child. Foundation
        // writes files through mkstemp, without O_CLOEXEC: a child spawned while another test
        // writes a script would keep it open for writing, and a later execve of that script
        // fails with ETXTBSY (a CI run's stand-in game exited 127 so).
        closeFrom3(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.keys.sorted().map { strdup("\($0)=\(environment[$0]!)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ProcessFailure(description: "cannot run \(executable): \(String(cString: strerror(result)))")
        }
        return child
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does
    /// not import (it is behind _GNU_SOURCE): found at run time.
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("this glibc has no posix_spawn_file_actions_addclosefrom_np (2.34 or later is needed)")
        }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        precondition(addCloseFrom(&actions, 3) == 0, "posix_spawn_file_actions_addclosefrom_np failed")
    }

    /// A wait status as a shell's `$?`: the exit code, or 128 + the signal that ended it
    /// (WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import).
    public static func shellStatus(_ waitStatus: Int32) -> Int32 {
        (waitStatus & 0x7f) == 0 ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f)
    }
}
