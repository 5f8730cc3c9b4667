export * from './tables/accounts.ts';
export * from './tables/scan-results.ts';
export * from './tables/security.ts';
export * from './tables/topology.ts';
