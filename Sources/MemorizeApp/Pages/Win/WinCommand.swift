/// The win screen, shown over the finished game.
enum WinCommand: Equatable, Sendable { case newGame, restart, themes, help, quit, cycleMode }
