export * from './apply.ts';
export * from './catalog/index.ts';
export * from './diff.ts';
export * from './execution.ts';
export * from './plan.ts';
export * from './render/ansible.ts';
export * from './render/shell.ts';
export * from './types.ts';
