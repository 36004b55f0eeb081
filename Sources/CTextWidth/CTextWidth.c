#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <locale.h>
#include <stdlib.h>
#include <wchar.h>
#include "CTextWidth.h"

/* A UTF-8 LC_CTYPE of our own, for measuring while the process keeps a non-UTF-8 locale the user
   chose (they play in ASCII, but themes are still checked as a UTF-8 terminal would draw them).
   A race on first use creates it twice at worst; both are valid. */
static locale_t utf8_ctype;

int ctw_wcwidth(unsigned int scalar) {
    if (MB_CUR_MAX > 1) return wcwidth((wchar_t)scalar);
    if (utf8_ctype == (locale_t)0) utf8_ctype = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (utf8_ctype == (locale_t)0) return wcwidth((wchar_t)scalar);
    locale_t previous = uselocale(utf8_ctype);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
int ctw_ctype_is_multibyte(void) { return MB_CUR_MAX > 1; }
