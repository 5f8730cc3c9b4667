export * from './event.ts';
export * from './formats/cef.ts';
export * from './formats/ecs.ts';
export * from './formats/hec.ts';
export * from './formats/leef.ts';
export * from './syslog.ts';
export * from './transport.ts';
