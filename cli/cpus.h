/*
 * cpus.h - how many CPUs this process may use: the default of -j.
 */
#ifndef CLI_CPUS_H
#define CLI_CPUS_H

/**
 * The CPUs this process may run on (sched_getaffinity: taskset, a batch
 * scheduler's cpuset), at most the CPU time its cgroup grants (cgroup v2
 * cpu.max or v1 cpu.cfs_quota_us / cpu.cfs_period_us, rounded up, the
 * least over the cgroup and its parents).  At least 1.
 */
int cli_usable_cpus(void);

/**
 * The CPU quota of the cgroup named in `proc_cgroup` (a file in the form
 * of /proc/self/cgroup) under the cgroup file systems mounted at `root`
 * (/sys/fs/cgroup): the number of CPUs its time allows, rounded up, or 0
 * when there is no limit (or none can be read).  For tests.
 */
int cli_cgroup_cpus(const char *proc_cgroup, const char *root);

#endif /* CLI_CPUS_H */
