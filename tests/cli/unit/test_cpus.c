/*
 * test_cpus.c - the CPU quota of a cgroup (cli/cpus.c), read from a fake
 * /proc/self/cgroup and cgroup tree in a temporary directory: cgroup v2
 * (cpu.max, the least over the cgroup and its parents, "max" for none) and
 * v1 (cpu.cfs_quota_us / cpu.cfs_period_us, -1 for none, mounted as
 * cpu,cpuacct or as cpu).  The expected counts are the quotas divided by
 * hand, rounded up.  The affinity half is tested by tests/cli/manners.sh
 * under taskset.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpus.h"

static char root[64];

/* Writes `text` to root/rel, making its directories. */
static void put(const char *rel, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *s = path + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(path, 0755);
		*s = '/';
	}
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static int quota(void)
{
	char proc[128], sys[128];

	snprintf(proc, sizeof proc, "%s/proc-cgroup", root);
	snprintf(sys, sizeof sys, "%s/sys", root);
	return cli_cgroup_cpus(proc, sys);
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof root, "/tmp/mink-cpus.XXXXXX");
	return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_v2(void **state)
{
	(void)state;
	put("proc-cgroup", "0::/job/step\n");
	assert_int_equal(quota(), 0); /* no cpu.max anywhere: no limit */
	put("sys/job/step/cpu.max", "max 100000\n");
	assert_int_equal(quota(), 0);
	put("sys/job/cpu.max", "150000 100000\n"); /* 1.5 CPUs: 2 workers */
	assert_int_equal(quota(), 2);
	put("sys/job/step/cpu.max", "50000 100000\n"); /* the child's is less */
	assert_int_equal(quota(), 1);
	put("sys/job/step/cpu.max", "800000 100000\n"); /* the parent's is less */
	assert_int_equal(quota(), 2);
	put("sys/cpu.max", "100000 100000\n"); /* the root's, least of all */
	assert_int_equal(quota(), 1);
	put("sys/cpu.max", "max 100000\n");
	put("sys/job/cpu.max", "400000 100000\n");
	assert_int_equal(quota(), 4);
	put("sys/job/cpu.max", "garbage\n");
	assert_int_equal(quota(), 8);
	/* A process in the root cgroup. */
	put("proc-cgroup", "0::/\n");
	put("sys/cpu.max", "250000 100000\n");
	assert_int_equal(quota(), 3);
}

static void test_v1(void **state)
{
	(void)state;
	put("proc-cgroup", "9:memory:/other\n4:cpu,cpuacct:/slurm/job7\n0::/\n");
	put("sys/cpu,cpuacct/slurm/job7/cpu.cfs_quota_us", "-1\n");
	put("sys/cpu,cpuacct/slurm/job7/cpu.cfs_period_us", "100000\n");
	assert_int_equal(quota(), 0);
	put("sys/cpu,cpuacct/slurm/job7/cpu.cfs_quota_us", "300000\n");
	assert_int_equal(quota(), 3);
	put("sys/cpu,cpuacct/slurm/job7/cpu.cfs_quota_us", "250000\n");
	assert_int_equal(quota(), 3);
	put("sys/cpu,cpuacct/slurm/cpu.cfs_quota_us", "100000\n");
	put("sys/cpu,cpuacct/slurm/cpu.cfs_period_us", "100000\n");
	assert_int_equal(quota(), 1);
}

static void test_v1_cpu_alone(void **state)
{
	(void)state;
	put("proc-cgroup", "3:cpu:/box\n");
	put("sys/cpu/box/cpu.cfs_quota_us", "200000\n");
	put("sys/cpu/box/cpu.cfs_period_us", "100000\n");
	assert_int_equal(quota(), 2);
}

static void test_none(void **state)
{
	char proc[128];

	(void)state;
	snprintf(proc, sizeof proc, "%s/no-such-file", root);
	assert_int_equal(cli_cgroup_cpus(proc, "/nonexistent"), 0);
	assert_true(cli_usable_cpus() >= 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_v2, setup, teardown),
		cmocka_unit_test_setup_teardown(test_v1, setup, teardown),
		cmocka_unit_test_setup_teardown(test_v1_cpu_alone, setup, teardown),
		cmocka_unit_test_setup_teardown(test_none, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
