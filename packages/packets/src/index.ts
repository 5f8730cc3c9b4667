export * from './capture/index.ts';
export * from './dissect/index.ts';
export * from './reader/index.ts';
export * from './types.ts';
export * from './writer/index.ts';
