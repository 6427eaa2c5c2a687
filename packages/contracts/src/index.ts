export * from './common.ts';
export * from './account.ts';
export * from './notifications.ts';
export * from './orgs.ts';
export * from './text.ts';
export * from './password-rules.ts';
export * from './events.ts';
export * from './tags.ts';
