export * from './tables/accounts.ts';
export * from './tables/security.ts';
