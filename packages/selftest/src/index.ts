// @netguard/selftest: the self-test model, the runner and the suites that need no database.
export * from './model.ts';
export * from './run.ts';
export * from './security/index.ts';
export * from './totals.ts';
