import type { EventResponse } from '@holeout/contracts';
import { describe, expect, it } from 'vitest';
import { buildRoundEvent } from '../../../test/stats-fixtures.ts';
import { foldRepeats, type EventListRow } from './event-repeats.ts';

let nextId = 1;
function practice(title: string, overrides: Partial<EventResponse> = {}): EventResponse {
  return buildRoundEvent({ event_id: nextId++, event_type: 'PRACTICE', title, round: null, round_summary: null, ...overrides });
}
function round(title: string, overrides: Partial<EventResponse> = {}): EventResponse {
  return buildRoundEvent({ event_id: nextId++, title, ...overrides });
}

/** The rows as "title" for an event and "title x n" for folded repeats. */
const shape = (rows: EventListRow[]) => rows.map((row) => (row.kind === 'event' ? row.event.title : `${row.title} x${row.events.length}`));

describe('foldRepeats', () => {
  it('folds a run of the same type and title into one row, in list order, keyed by its first event', () => {
    const team = Array.from({ length: 13 }, (_, i) => practice('Academy team session', { uid: 20 + i }));
    const rows = foldRepeats([practice('Putting practice'), ...team, practice('Short game practice')]);
    expect(shape(rows)).toEqual(['Putting practice', 'Academy team session x13', 'Short game practice']);
    const folded = rows[1]!;
    expect(folded.kind === 'repeats' && folded.events).toEqual(team);
    expect(folded.kind === 'repeats' && folded.key).toBe(team[0]!.event_id);
  });

  it.each([
    ['a different type', [practice('Range'), practice('Range', { event_type: 'LESSON' })], ['Range', 'Range']],
    ['a different title', [practice('Range'), practice('Range session')], ['Range', 'Range session']],
    ['not consecutive', [practice('Range'), practice('Gym'), practice('Range')], ['Range', 'Gym', 'Range']],
    ['one alone', [practice('Range')], ['Range']],
    ['nothing', [], []],
    ['surrounding spaces only', [practice('Range'), practice(' Range ')], ['Range x2']],
  ])('%s', (_, events, expected) => {
    expect(shape(foldRepeats(events))).toEqual(expected);
  });

  it('never folds rounds, even at one course under one title', () => {
    expect(shape(foldRepeats([round('Links'), round('Links'), round('Links')]))).toEqual(['Links', 'Links', 'Links']);
  });

  it('folds untitled events by the title shown (the type name), and notes apart from practices', () => {
    const rows = foldRepeats([practice(''), practice(''), practice('', { event_type: 'NOTE' })]);
    expect(shape(rows)).toEqual(['Practice x2', '']);
  });

  it('keeps every event exactly once, in order', () => {
    const events = [practice('A'), practice('A'), round('A'), practice('A'), practice('B'), practice('B'), practice('B')];
    const flattened = foldRepeats(events).flatMap((row) => (row.kind === 'event' ? [row.event] : row.events));
    expect(flattened).toEqual(events);
  });
});
