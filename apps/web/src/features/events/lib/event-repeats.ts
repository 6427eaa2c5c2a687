import type { EventResponse } from '@holeout/contracts';
import { eventTitle } from '../../../lib/event-names.ts';

/** One row of the events list: an event, or a run of repeats folded into one row. */
export type EventListRow =
  { kind: 'event'; event: EventResponse } | { kind: 'repeats'; key: number; title: string; events: EventResponse[] };

/**
 * Folds repeats: consecutive events of the same type under the same title (thirteen players'
 * "Academy team session" of one morning) become one row holding them in list order. Rounds are never
 * folded: each carries its own score and its own selection for the statistics. A run of one stays
 * an event. The key is the first event's id, so a row stays open as more pages load.
 */
export function foldRepeats(events: readonly EventResponse[]): EventListRow[] {
  const rows: EventListRow[] = [];
  let run: EventResponse[] = [];
  const flush = () => {
    const [first] = run;
    if (first && run.length === 1) rows.push({ kind: 'event', event: first });
    if (first && run.length > 1) rows.push({ kind: 'repeats', key: first.event_id, title: eventTitle(first), events: run });
    run = [];
  };
  for (const event of events) {
    const previous = run[run.length - 1];
    const repeats =
      previous !== undefined &&
      event.event_type !== 'ROUND' &&
      previous.event_type === event.event_type &&
      eventTitle(previous).trim() === eventTitle(event).trim();
    if (!repeats) flush();
    run.push(event);
  }
  flush();
  return rows;
}
