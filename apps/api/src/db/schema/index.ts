export * from './users.ts';
export * from './auth.ts';
export * from './settings.ts';
export * from './subscriptions.ts';
export * from './orgs.ts';
export * from './notifications.ts';
export * from './devices.ts';
export * from './events.ts';
