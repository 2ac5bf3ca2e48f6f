// SPDX-License-Identifier: MIT
#include "base/rp_text.h"

size_t rp_text_clean(char *s, size_t cap)
{
	size_t i, n = 0;

	for (i = 0; i + 1 < cap && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c > 0x7e) {
			s[i] = '?';
			n++;
		}
	}
	s[i] = '\0';
	return n;
}
