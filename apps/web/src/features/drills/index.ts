/** What other features use of the drills feature: the drills a practice can hold, and their results in one event. */
export { useDrillByCed, useDrills } from './api/drills.ts';
export { useEventDrillResults } from './api/drill-results.ts';
