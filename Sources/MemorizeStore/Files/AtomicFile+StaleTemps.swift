import Glibc

extension AtomicFile {
    /// A temp file this old is left over from a process killed mid-save (a save takes
    /// milliseconds); age, not the PID in the name, decides, because PIDs are reused and differ
    /// between PID namespaces sharing one home directory.
    static let staleTempAge: time_t = 10 * 60

    /// Best effort, after a successful save: removes our stale temp files for `name`, so crashes
    /// do not litter the directory. They are never read, so leaving one is harmless.
    static func removeStaleTemps(for name: String, in directory: String, directoryFD: Int32) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = tempPrefix(for: name)
        let now = time(nil)
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix) else { continue }
            var info = stat()
            guard fstatat(directoryFD, entryName, &info, AT_SYMLINK_NOFOLLOW) == 0,
                  info.st_mode & S_IFMT == S_IFREG,
                  now - info.st_mtim.tv_sec > staleTempAge else { continue }
            unlinkat(directoryFD, entryName, 0)
        }
    }
}
