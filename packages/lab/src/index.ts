/** The balance lab (issue 9): many bot games, in worker threads or through a job queue, and a report with charts. */
export const LAB_VERSION = 1;
