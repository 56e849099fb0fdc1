/*
 * cpus.c - the CPUs this process may use (cpus.h).
 *
 * sysconf(_SC_NPROCESSORS_ONLN) counts the machine's CPUs, not those this
 * process may run on: under taskset, or in a cluster job confined to a few
 * cores, one worker per CPU of the machine only makes threads wait for
 * each other.  So the affinity mask is counted, then capped by the cgroup's
 * CPU quota (a container or a Slurm job may be allowed 2 CPUs' worth of
 * time on every core of a 64-core machine).
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "cpus.h"

#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The first line of a small file, or NULL. */
static char *first_line(const char *path, char *buf, size_t size)
{
	FILE *fp = fopen(path, "r");
	char *line;

	if (!fp)
		return NULL;
	line = fgets(buf, (int)size, fp);
	fclose(fp);
	return line;
}

/* CPUs allowed by a quota of `quota` per `period` (rounded up), 0: none. */
static int quota_cpus(double quota, double period)
{
	double n;

	if (!(quota > 0) || !(period > 0))
		return 0;
	n = quota / period;
	if (n >= INT_MAX)
		return 0;
	return n <= 1 ? 1 : (int)n + (n > (int)n);
}

/* The quota in directory dir: v2's cpu.max ("max 100000" or "Q P"), or v1's
 * cpu.cfs_quota_us (-1: none) and cpu.cfs_period_us.  0: no limit. */
static int dir_cpus(const char *dir, int v2)
{
	char path[PATH_MAX + 32], line[128], line2[128];
	double quota, period;

	if (v2) {
		if (snprintf(path, sizeof path, "%s/cpu.max", dir) >= (int)sizeof path)
			return 0;
		if (!first_line(path, line, sizeof line) ||
		    sscanf(line, "%lf %lf", &quota, &period) != 2)
			return 0; /* "max ..." or no file: no limit here */
		return quota_cpus(quota, period);
	}
	if (snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dir) >= (int)sizeof path ||
	    !first_line(path, line, sizeof line))
		return 0;
	if (snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dir) >= (int)sizeof path ||
	    !first_line(path, line2, sizeof line2))
		return 0;
	return quota_cpus(strtod(line, NULL), strtod(line2, NULL));
}

/* The least quota of `base`/`rel` and its parents up to `base`. */
static int tree_cpus(const char *base, const char *rel, int v2)
{
	char dir[PATH_MAX];
	int least = 0;

	if (snprintf(dir, sizeof dir, "%s%s", base, rel) >= (int)sizeof dir)
		return 0;
	for (;;) {
		int n = dir_cpus(dir, v2);
		char *slash;

		if (n > 0 && (least == 0 || n < least))
			least = n;
		slash = strrchr(dir, '/');
		if (!slash || (size_t)(slash - dir) < strlen(base))
			break;
		*slash = '\0';
	}
	return least;
}

int cli_cgroup_cpus(const char *proc_cgroup, const char *root)
{
	FILE *fp = fopen(proc_cgroup, "r");
	char line[PATH_MAX + 64], base[PATH_MAX];
	int least = 0;

	if (!fp)
		return 0;
	while (fgets(line, sizeof line, fp)) {
		/* "ID:CONTROLLERS:PATH": v2 is "0::PATH", v1 lists "cpu" */
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		char *path, *ctl;
		int n = 0;

		if (!c2)
			continue;
		*c1 = *c2 = '\0';
		ctl = c1 + 1;
		path = c2 + 1;
		path[strcspn(path, "\n")] = '\0';
		if (strcmp(path, "/") == 0)
			path[0] = '\0';
		if (strcmp(line, "0") == 0 && *ctl == '\0') {
			n = tree_cpus(root, path, 1);
		} else {
			for (char *t = strtok(ctl, ","); t; t = strtok(NULL, ","))
				if (strcmp(t, "cpu") == 0) {
					/* mounted as cpu,cpuacct or as cpu */
					snprintf(base, sizeof base, "%s/cpu,cpuacct", root);
					if (access(base, F_OK) != 0)
						snprintf(base, sizeof base, "%s/cpu", root);
					n = tree_cpus(base, path, 0);
					break;
				}
		}
		if (n > 0 && (least == 0 || n < least))
			least = n;
	}
	fclose(fp);
	return least;
}

int cli_usable_cpus(void)
{
	cpu_set_t set;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	int n = online < 1 ? 1 : online > INT_MAX ? INT_MAX : (int)online, quota;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		n = CPU_COUNT(&set);
	quota = cli_cgroup_cpus("/proc/self/cgroup", "/sys/fs/cgroup");
	if (quota > 0 && quota < n)
		n = quota;
	return n < 1 ? 1 : n;
}
