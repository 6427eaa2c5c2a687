// The public face of @holeout/golf. Deep imports (`@holeout/golf/display`) work too.
export * from './round.ts';
export * from './units-pairs.ts';
export * from './benchmarks.ts';
export * from './shares.ts';
export * from './subscriptions.ts';
export * from './themes.ts';
export * from './display.ts';
export * from './units.ts';
export * from './engine/index.ts';
export * from './stats/index.ts';
export * from './simulate/random.ts';
export * from './simulate/simulate-round.ts';
export * from './events.ts';
export * from './chart-colours.ts';
export * from './drills.ts';
export * from './coach/index.ts';
