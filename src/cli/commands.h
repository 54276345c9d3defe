/* SPDX-License-Identifier: GPL-2.0 */
/*
 * commands - the rtlens commands that measure nothing: each parses its own
 * arguments (argv[0] is the command's name) and returns the exit status
 */
#ifndef RTLENS_COMMANDS_H
#define RTLENS_COMMANDS_H

/* rtlens check: is the system set up for low latency? 0, 2 (a finding breaks isolation), 1 */
int check_main(int argc, char **argv);
/* rtlens compare A.json B.json: two reports side by side; 0 or 1 */
int compare_main(int argc, char **argv);
/* rtlens merge REPORT.json...: many nodes' reports together, a BSP projection; 0 or 1 */
int merge_main(int argc, char **argv);

#endif
