export * from './tables/accounts.ts';
export * from './tables/billing.ts';
export * from './tables/mfa.ts';
export * from './tables/packets.ts';
export * from './tables/scan-results.ts';
export * from './tables/security.ts';
export * from './tables/settings.ts';
export * from './tables/topology.ts';
