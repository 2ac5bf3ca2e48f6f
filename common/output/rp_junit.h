/* SPDX-License-Identifier: MIT */
/*
 * rp_junit.h - --junit FILE: a run's records (rp_fleet.h) as JUnit XML,
 * the report CI servers read (Jenkins' junit and xunit plugins, GitLab,
 * GitHub's test reporters): <testsuites> holding one <testsuite> (the
 * binary, this host, when it started, how long it ran) with one
 * <testcase> per record (a rail and direction, or a cluster cell), time
 * in seconds; a failing verdict is a <failure> whose type is the verdict's
 * name and whose message says it with the % of the ceiling or baseline;
 * every record's numbers in its <system-out>. Text is XML-escaped (& < >
 * " '; control characters XML 1.0 cannot carry become '?'). The schema
 * the tests check the files against: tests/junit/junit.xsd.
 */
#ifndef RP_JUNIT_H
#define RP_JUNIT_H

#include <stdio.h>
#include <time.h>

#include "output/rp_fleet.h"

struct rp_junit_suite {
	const char *name; /* the binary: "rail_multi_bw" */
	const char *host; /* this host's name */
	time_t start;	  /* when the run began (its UTC timestamp) */
	double seconds;	  /* how long it ran */
};

/* rp_junit_escape - @s to @f as XML character data or attribute text. */
void rp_junit_escape(FILE *f, const char *s);

/*
 * rp_junit_text - the XML of suite @s with @n records (heap, caller frees;
 * NULL on ENOMEM). Each record's testcase: classname "NAME.HOST", name
 * the record's name, its seconds.
 */
char *rp_junit_text(const struct rp_junit_suite *s,
		    const struct rp_fleet_rec *r, unsigned int n);

/*
 * rp_junit_write - rp_junit_text to @path atomically (rp_atomic_write).
 * Returns 0, or -errno after one line naming the file.
 */
int rp_junit_write(const char *path, const struct rp_junit_suite *s,
		   const struct rp_fleet_rec *r, unsigned int n);

#endif /* RP_JUNIT_H */
