/* The plain-ncurses lower bound (Benchmarks/README.md): replays a MEMORIZE_PAINT_TRACE
 * (every cell memorize-tui's painter handed ncurses, frame by frame) with the least work a C
 * program can do: the same setcchar + mvwadd_wch calls, the same colour pairs, one doupdate per
 * frame at the recorded times. It sends byte-for-byte what memorize-tui sent, so the CPU it
 * uses is what those frames cost ncurses and the kernel alone; memorize-bench divides ours by it.
 *
 * Usage: ncurses-replay TRACE   (in a terminal of the traced size; exits after the last frame)
 * Build: cc -O2 ncurses-replay.c $(pkg-config --cflags --libs ncursesw) -o ncurses-replay
 */
#define _XOPEN_SOURCE_EXTENDED 1
#define _POSIX_C_SOURCE 200809L
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct cell { int y, x, fg, bg; attr_t attrs; wchar_t text[8]; };
struct frame { double time; int first, count; };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: ncurses-replay TRACE\n"); return 2; }
    FILE *in = fopen(argv[1], "r");
    if (!in) { perror(argv[1]); return 2; }
    /* Read everything first: the replay itself does no parsing. */
    size_t cells_cap = 1024, frames_cap = 64, ncells = 0, nframes = 0;
    struct cell *cells = malloc(cells_cap * sizeof *cells);
    struct frame *frames = malloc(frames_cap * sizeof *frames);
    char line[512];
    while (fgets(line, sizeof line, in)) {
        double t;
        struct cell c;
        unsigned long attrs;
        char scalars[256];
        if (sscanf(line, "frame %lf", &t) == 1) {
            if (nframes == frames_cap) frames = realloc(frames, (frames_cap *= 2) * sizeof *frames);
            frames[nframes++] = (struct frame){ t, (int)ncells, 0 };
        } else if (nframes > 0 && sscanf(line, "cell %d %d %lu %d %d %255s", &c.y, &c.x, &attrs, &c.fg, &c.bg, scalars) == 6) {
            c.attrs = (attr_t)attrs;
            int n = 0;
            for (char *p = strtok(scalars, ","); p && n < 7; p = strtok(NULL, ",")) c.text[n++] = (wchar_t)strtoul(p, NULL, 16);
            c.text[n] = 0;
            if (ncells == cells_cap) cells = realloc(cells, (cells_cap *= 2) * sizeof *cells);
            cells[ncells++] = c;
            frames[nframes - 1].count++;
        }
    }
    fclose(in);
    if (nframes == 0) { fprintf(stderr, "ncurses-replay: no frames in %s\n", argv[1]); return 2; }

    setlocale(LC_ALL, "");
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen) return 2;
    raw(); noecho(); nonl(); leaveok(stdscr, TRUE); curs_set(0);
    typeahead(-1);   /* as memorize-tui: no input check inside doupdate */
    int default_colors = 0;
    if (has_colors()) { start_color(); default_colors = use_default_colors() == OK; }
    (void)default_colors;
    printf("replay: ready\n");   /* marker for the benchmark (drawn over by the first frame) */
    double start = now(), first = frames[0].time;
    for (size_t f = 0; f < nframes; f++) {
        double due = start + (frames[f].time - first), wait = due - now();
        if (wait > 0) {
            struct timespec ts = { (time_t)wait, (long)((wait - (time_t)wait) * 1e9) };
            nanosleep(&ts, NULL);
        }
        for (int i = frames[f].first; i < frames[f].first + frames[f].count; i++) {
            struct cell *c = &cells[i];
            int pair = (c->fg == -1 && c->bg == -1) ? 0 : alloc_pair(c->fg, c->bg);
            if (pair < 0) pair = 0;
            cchar_t cc;
            setcchar(&cc, c->text, c->attrs, 0, &pair);
            mvwadd_wch(stdscr, c->y, c->x, &cc);
        }
        wnoutrefresh(stdscr);
        doupdate();
    }
    endwin();
    delscreen(screen);
    return 0;
}
