import Testing

/// Every test that starts a server runs one at a time: each starts processes (server, ssh, tmux,
/// games) and the machine has two cores shared with other builds. Groups are nested suites in
/// extensions of this type, so `.serialized` covers them all.
@Suite(.serialized)
struct ServerTests {}
