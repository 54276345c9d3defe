/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysroot - a fresh empty directory under $TMPDIR for each test, that
 * stands for / (sys/..., proc/..., dev/...): the machine's readers take it
 * as their root
 */
#ifndef RTLENS_SYSROOT_H
#define RTLENS_SYSROOT_H

/* cmocka's setup and teardown: *state is the directory's path */
int sysroot_setup(void **state);
int sysroot_teardown(void **state);
/* Write @content to @root/@rel, creating the directories on the way. */
void put_file(const char *root, const char *rel, const char *content);

#endif
