// The statistics behind GET /v4/stats/{name}, one module per family; see README.md for every definition.
export * from './types.ts';
export * from './limits.ts';
export * from './prepare.ts';
export * from './scoring.ts';
export * from './greens.ts';
export * from './driving.ts';
export * from './up-and-down.ts';
export * from './strokes-gained.ts';
export * from './misses.ts';
export * from './putts.ts';
export * from './compute-all.ts';
export * from './summary.ts';
export { driveOf, greenReachedAt, hitGreenInRegulation, strokesThrough } from './hole-walk.ts';
export * from './sg-trend.ts';
export * from './least-squares.ts';
export * from './round-trend.ts';
export * from './round-scores.ts';
