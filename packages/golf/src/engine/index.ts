// The strokes-gained engine: baselines, round rules, scoring and categories.
export * from './types.ts';
export * from './categories.ts';
export * from './validate.ts';
export * from './score.ts';
export { getBaseline, expectedStrokes, isBenchmarkLevel, customTargetScore } from '../baselines/baseline.ts';
