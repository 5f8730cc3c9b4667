-- Issue 35: the security suite's scores (Observatory-style score and grade, SSL Labs-style TLS
-- grade with its caps, ASVS level-1 share) stored with an execution when it ends; null for a run
-- that did not hold the whole security suite.
ALTER TABLE "selftest_executions" ADD COLUMN "scores" jsonb;
