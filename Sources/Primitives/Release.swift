/// The release number, written here and nowhere else: `memorize-tui --version` prints it,
/// scripts/package.sh names the .deb and the tarball after what the built binary prints, and a
/// test checks that CHANGELOG.md's newest release heading is this number. Here, in the layer
/// every program links, so a second program (the SSH server) reports the same release.
public enum Release {
    public static let version = "0.2.0"
}
