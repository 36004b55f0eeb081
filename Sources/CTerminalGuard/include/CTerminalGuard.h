// Process-wide terminal guard: signal handlers, the self-pipe that hands signals to the run loop,
// and the emergency restore for crashes and fatal signals.
//
// All state lives in terminal_guard.c, defined once: a static in a header would exist once per
// object file that inlines its users (SwiftPM's release build does), and a handler writing one
// copy while the reader polls another loses signals. The linker checks there is one definition.
#ifndef C_TERMINAL_GUARD_H
#define C_TERMINAL_GUARD_H

#include <stddef.h>

/// How a signal is handled while the terminal is ours.
enum tg_signal_kind {
    /// Handed to the run loop through the self-pipe (terminate, resize, suspend, continue).
    TG_EVENT = 0,
    /// A fault (SIGSEGV, SIGILL…): restore the terminal, then let the previous handler or the
    /// default action run, with the fault's own siginfo when it repeats.
    TG_CRASH = 1,
    /// A signal whose default action kills (SIGQUIT, SIGUSR1…): restore the terminal, then die of
    /// it with its own status.
    TG_FATAL = 2,
};

/// Creates the self-pipe (non-blocking, close-on-exec) if need be; returns its read end, or -1.
int tg_signal_pipe(void);

/// Installs the handler for `sig`; remembers the disposition it replaces. 0 on success.
int tg_install(int sig, enum tg_signal_kind kind);
/// Puts back the disposition found by tg_install.
void tg_uninstall(int sig);
/// Whether tg_install has a handler in place for `sig`.
int tg_is_installed(int sig);

/// The next signal that arrived as an event (lowest number first), cleared; 0 when none. Drains the
/// pipe first, so the pipe cannot report a signal twice, and a signal arriving afterwards writes
/// a new byte: it is never lost between this call and the next poll.
int tg_take_signal(void);
/* Empties the self-pipe after poll reported it readable (the pending flags stay set). */
void tg_drain_wakeups(void);

/// Unblocks `signals` (an array of `count`) on the calling thread: a mask inherited across exec,
/// or a test runner's threads, must not hold back the signals the run loop waits for.
void tg_unblock(const int *signals, int count);

/// Whether a shell with job control is above our process group (the group is not orphaned), so a
/// stop can be continued by `fg`. Without one the kernel discards SIGTSTP, and giving the terminal
/// back (cooked mode, where Ctrl-C and Ctrl-\ are signals) would only open a window for keys to
/// turn into signals.
int tg_can_stop(void);

/// Stops the process as the shell's Ctrl-Z would (SIGTSTP, default action, to the process
/// group, like vim and less), and returns once it is continued. The terminal must be put back first.
void tg_stop_process(void);

/// Stops the process group as the kernel stops a background job that reads the terminal
/// (SIGTTIN, default action): continued by `bg`, we wait stopped, and `fg`, which continues only
/// stopped jobs, brings us back. Returns once continued.
void tg_stop_in_background(void);

/// Saves the terminal modes of `fd` as found, for the emergency restore.
void tg_save_termios(int fd);
/// Arms the emergency restore with the bytes that undo the screen's set-up, written to `output_fd`.
void tg_arm(const char *bytes, size_t length, int output_fd);
void tg_disarm(void);

/// While the screen is up, stderr goes to an anonymous in-memory file (memfd; no TMPDIR needed)
/// and is replayed on restore. Only when stderr is a terminal. 0 on success or nothing to do.
int tg_divert_stderr(void);
/// Points stderr back at the terminal and replays what was written meanwhile. Async-signal-safe.
void tg_release_stderr(void);

#endif
