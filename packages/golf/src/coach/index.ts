// The AI coach: the diagnosis of a player's weakest stat category, its reference figures and the starter drills of a plan.
export * from './types.ts';
export * from './category-names.ts';
export * from './reference-figures.ts';
export { LAG_LEAVE_FROM_FEET } from './figures.ts';
export * from './diagnose.ts';
export * from './starter-drills.ts';
