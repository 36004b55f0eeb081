#define _XOPEN_SOURCE 700
#include <stdlib.h>
#include <wchar.h>
#include "CTextWidth.h"

int ctw_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }
int ctw_ctype_is_multibyte(void) { return MB_CUR_MAX > 1; }
