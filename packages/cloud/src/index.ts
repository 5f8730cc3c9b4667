export * from './calls.ts';
export * from './types.ts';
