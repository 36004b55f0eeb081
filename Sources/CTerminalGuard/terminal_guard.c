// See CTerminalGuard.h. Handlers touch only sig_atomic_t and async-signal-safe calls (write,
// read, tcsetattr, sigaction, raise, dup2, lseek, close).
#define _GNU_SOURCE
#include "CTerminalGuard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#define TG_MAX_SIGNAL 65

static volatile sig_atomic_t pending[TG_MAX_SIGNAL];
static volatile sig_atomic_t armed;
static int pipe_read = -1, pipe_write = -1;
static unsigned char installed[TG_MAX_SIGNAL];
static unsigned char kinds[TG_MAX_SIGNAL];
static struct sigaction previous[TG_MAX_SIGNAL];
static char restore_bytes[1024];
static size_t restore_length;
static int output_fd = STDOUT_FILENO;
static int termios_fd = STDIN_FILENO;
static int have_termios;
static struct termios saved_termios;
static int stderr_saved = -1;    // the terminal's stderr while it is diverted, else -1
static int stderr_capture = -1;  // the in-memory file it is diverted to, else -1

int tg_signal_pipe(void) {
    if (pipe_read >= 0) return pipe_read;
    int fds[2];
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    pipe_read = fds[0];
    pipe_write = fds[1];
    return pipe_read;
}

static void write_all(int fd, const char *bytes, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t n = write(fd, bytes + done, length - done);
        if (n > 0) done += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else break;
    }
}

/// Puts the terminal back: the escape strings captured at start, then the saved termios. Runs at
/// most once per arming.
static void emergency_restore(void) {
    if (!armed) return;
    armed = 0;
    write_all(output_fd, restore_bytes, restore_length);
    if (have_termios) tcsetattr(termios_fd, TCSADRAIN, &saved_termios);
}

void tg_release_stderr(void) {
    if (stderr_saved < 0) return;
    int capture = stderr_capture;
    dup2(stderr_saved, STDERR_FILENO);
    close(stderr_saved);
    stderr_saved = -1;
    stderr_capture = -1;
    char buffer[4096];
    ssize_t n;
    lseek(capture, 0, SEEK_SET);
    while ((n = read(capture, buffer, sizeof buffer)) > 0) write_all(STDERR_FILENO, buffer, (size_t)n);
    close(capture);
}

static void on_event(int sig) {
    int saved_errno = errno;
    if (sig > 0 && sig < TG_MAX_SIGNAL) pending[sig] = 1;
    // The byte only wakes the poll; the flag is the record. A full pipe (64 KiB of signals nobody
    // read) still polls readable, so dropping the byte then loses nothing.
    if (pipe_write >= 0) {
        unsigned char byte = (unsigned char)sig;
        ssize_t ignored = write(pipe_write, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

static void on_crash_or_fatal(int sig, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    emergency_restore();
    tg_release_stderr();
    int fault = 0;
    // A fault goes to whoever had it before (Swift's backtracer, or SIG_DFL for a core dump). A
    // fatal signal (kill -QUIT…) takes its default action: it asked for the process to end, not
    // for Swift's interactive crash report.
    if (sig > 0 && sig < TG_MAX_SIGNAL && installed[sig] && kinds[sig] == TG_CRASH) {
        fault = 1;
        sigaction(sig, &previous[sig], NULL);
    } else {
        signal(sig, SIG_DFL);
    }
    if (sig > 0 && sig < TG_MAX_SIGNAL) installed[sig] = 0;
    errno = saved_errno;
    // A real fault (si_code > 0) repeats when we return and reaches the previous handler with its
    // true siginfo. Anything else (kill, raise, abort, the kernel's SIGXCPU) is sent again: blocked
    // while we run, it is delivered as we return and ends the process with its own status.
    if (!fault || info == NULL || info->si_code <= 0) raise(sig);
}

int tg_install(int sig, enum tg_signal_kind kind) {
    if (sig <= 0 || sig >= TG_MAX_SIGNAL) return -1;
    if (installed[sig]) return 0;
    struct sigaction current;
    if (sigaction(sig, NULL, &current) != 0) return -1;
    // A signal ignored by whoever started us (nohup, a shell without job control) stays ignored.
    if (kind != TG_CRASH && !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) return 1;
    if (kind == TG_EVENT && tg_signal_pipe() < 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    if (kind == TG_EVENT) {
        action.sa_handler = on_event;
        // Restarting keeps ncurses' output writes whole; the run loop's poll is never restarted
        // (poll ignores SA_RESTART), and the pipe wakes it anyway.
        action.sa_flags = SA_RESTART;
    } else {
        action.sa_sigaction = on_crash_or_fatal;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    }
    if (sigaction(sig, &action, &previous[sig]) != 0) return -1;
    kinds[sig] = (unsigned char)kind;
    pending[sig] = 0;
    installed[sig] = 1;
    return 0;
}

void tg_uninstall(int sig) {
    if (sig <= 0 || sig >= TG_MAX_SIGNAL || !installed[sig]) return;
    sigaction(sig, &previous[sig], NULL);
    installed[sig] = 0;
    pending[sig] = 0;
}

int tg_is_installed(int sig) {
    return sig > 0 && sig < TG_MAX_SIGNAL && installed[sig];
}

void tg_drain_wakeups(void) {
    if (pipe_read >= 0) {
        unsigned char buffer[256];
        while (read(pipe_read, buffer, sizeof buffer) > 0) {}
    }
}

/* The flags are the truth; the pipe only wakes poll, and is drained when poll says it is readable
 * (tg_drain_wakeups), not on every check: one system call fewer per frame. */
int tg_take_signal(void) {
    for (int sig = 1; sig < TG_MAX_SIGNAL; sig++) {
        if (pending[sig]) {
            pending[sig] = 0;
            return sig;
        }
    }
    return 0;
}

void tg_unblock(const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/// The parent of `pid`, from /proc/PID/stat (the field after the parenthesised command name).
static pid_t parent_of(pid_t pid) {
    char path[64], buffer[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) return -1;
    buffer[n] = 0;
    char *end = strrchr(buffer, ')');
    int parent = -1;
    if (end == NULL || sscanf(end + 1, " %*c %d", &parent) != 1) return -1;
    return (pid_t)parent;
}

int tg_can_stop(void) {
    pid_t group = getpgrp(), session = getsid(0);
    pid_t pid = getpid();
    // Up the ancestors that share our group; the first one outside it decides: in our session,
    // it is the shell that will `fg` us.
    for (int depth = 0; depth < 64; depth++) {
        pid_t parent = parent_of(pid);
        if (parent <= 0) return 0;
        pid_t parent_group = getpgid(parent);
        if (parent_group < 0) return 0;
        if (parent_group != group) return getsid(parent) == session;
        pid = parent;
    }
    return 0;
}

/* Stops the process group with `sig` at its default action (ours, if any, is put back after). */
static void stop_group_with(int sig) {
    struct sigaction default_action, ours;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(sig, &default_action, &ours);
    int stop[1] = { sig };
    tg_unblock(stop, 1);
    // The whole process group, as the terminal would have done. In an orphaned process group
    // (no shell with job control above us) the kernel discards the stop: we carry on.
    kill(0, sig);
    sigaction(sig, &ours, NULL);
}

void tg_stop_process(void) { stop_group_with(SIGTSTP); }

void tg_stop_in_background(void) { stop_group_with(SIGTTIN); }

void tg_save_termios(int fd) {
    termios_fd = fd;
    have_termios = (tcgetattr(fd, &saved_termios) == 0);
}

void tg_arm(const char *bytes, size_t length, int fd) {
    armed = 0;
    if (length > sizeof restore_bytes) length = sizeof restore_bytes;
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
    output_fd = fd;
    armed = 1;
}

void tg_disarm(void) { armed = 0; }

static int open_capture(void) {
    int fd = memfd_create("memorize-tui-stderr", MFD_CLOEXEC);
    if (fd >= 0) return fd;
    // Kernels without memfd: an unlinked temp file.
    const char *dir = getenv("TMPDIR");
    char path[4096];
    if (dir == NULL || *dir == 0 || strlen(dir) > sizeof path - 40) dir = "/tmp";
    strcpy(path, dir);
    strcat(path, "/memorize-tui-stderr-XXXXXX");
    fd = mkostemp(path, O_CLOEXEC);
    if (fd < 0) return -1;
    unlink(path);
    return fd;
}

int tg_divert_stderr(void) {
    if (stderr_saved >= 0 || !isatty(STDERR_FILENO)) return 0;
    int capture = open_capture();
    if (capture < 0) return -1;
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) { close(capture); return -1; }
    if (dup2(capture, STDERR_FILENO) < 0) { close(saved); close(capture); return -1; }
    stderr_saved = saved;
    stderr_capture = capture;
    return 0;
}
