#ifndef CGAMESPAWN_H
#define CGAMESPAWN_H

#include <sys/types.h>

/// The resource limits a game runs under; a value of 0 leaves that limit as inherited
/// (core files are always off).
typedef struct {
    unsigned long long address_space_bytes;
    unsigned long long cpu_seconds;
    unsigned long long open_files;
} gs_limits;

/// Starts `path` with `argv` and `envp` (both NULL-terminated) in a new pseudo-terminal of
/// `columns` x `rows`, as the leader of a new session whose controlling terminal is that pty
/// (forkpty's login_tty). Between fork and execve the child makes only async-signal-safe calls:
/// default signal dispositions and an empty mask, the rlimits, closing inherited descriptors.
/// On success returns 0, with the pty's master side (non-blocking, close-on-exec) in `*master`
/// and the child in `*pid`; on failure returns an errno value (EAGAIN/ENOENT when no pty is free)
/// and starts nothing. A child whose execve fails exits with status 127. `table_channel`, when
/// not -1, reaches the child as descriptor GS_TABLE_CHANNEL_FD; every other one is closed.
int gs_spawn(const char *path, char *const argv[], char *const envp[],
             unsigned short columns, unsigned short rows, gs_limits limits,
             int table_channel, int *master, pid_t *pid);

/// For tests: nonzero makes gs_spawn close inherited descriptors one by one, as it does where
/// close_range(2) fails (an old kernel, a seccomp filter), instead of with close_range.
void gs_test_refuse_close_range(int refuse);

/// The descriptor a game at a table finds its channel on (memorize-tui --table-channel 3).
#define GS_TABLE_CHANNEL_FD 3

/// A table channel: a connected pair of Unix stream sockets, both close-on-exec. `*server_end` is
/// non-blocking (the server's event loop reads it); `*game_end` is given to gs_spawn as
/// `table_channel`, which the child alone keeps, as descriptor 3. Returns 0 or an errno value.
int gs_channel_pair(int *server_end, int *game_end);

/// Sets the pty's window size (TIOCSWINSZ); the kernel sends SIGWINCH to the game's group.
int gs_set_window_size(int master, unsigned short columns, unsigned short rows);

/// waitpid(pid, WNOHANG): 1 with the exit status in `*exit_status` (128 + signal for a signal),
/// 0 while it runs, -1 on error (errno set).
int gs_reap(pid_t pid, int *exit_status);

#endif
