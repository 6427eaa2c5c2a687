export * from './common.ts';
export * from './account.ts';
