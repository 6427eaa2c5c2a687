import type { EventResponse } from '@holeout/contracts';
import { scoreRound } from '@holeout/golf';
import { describe, expect, it } from 'vitest';
import {
  bodyOfEvent,
  eventAbilities,
  eventTitle,
  formatRoundSg,
  formatSg,
  fromLocalDateTimeInput,
  permissionChoices,
  scoreName,
  toLocalDateTimeInput,
} from './event-labels.ts';
import { categoryTotals } from './scorecard.tsx';

describe('event labels', () => {
  it('names an event by its title, else a round by its course, else by its type', () => {
    expect(eventTitle({ title: 'Medal', event_type: 'ROUND', round_summary: null })).toBe('Medal');
    expect(
      eventTitle({ title: '', event_type: 'ROUND', round_summary: { course: 'Links', holes: 9, score: 40, par: 36, to_par: 4 } }),
    ).toBe('Round at Links');
    expect(eventTitle({ title: ' ', event_type: 'ROUND', round_summary: { course: null, holes: 9, score: 40, par: 36, to_par: 4 } })).toBe(
      'Round',
    );
    expect(eventTitle({ title: '', event_type: 'LESSON', round_summary: null })).toBe('Lesson');
  });

  it('what each permission allows: owner everything, modify edits, view only removes from the list', () => {
    expect(eventAbilities(3)).toEqual({ edit: true, delete: true, share: true, removeFromList: false });
    expect(eventAbilities(2)).toEqual({ edit: true, delete: false, share: false, removeFromList: true });
    expect(eventAbilities(1)).toEqual({ edit: false, delete: false, share: false, removeFromList: true });
    expect(eventAbilities(0)).toEqual({ edit: false, delete: false, share: false, removeFromList: true });
  });

  it('rounds and notes cannot grant "Can add"', () => {
    expect(permissionChoices('ROUND').map((c) => c.label)).toEqual(['No access', 'Can view', 'Can edit']);
    expect(permissionChoices('PRACTICE').map((c) => c.label)).toEqual(['No access', 'Can view', 'Can add', 'Can edit']);
  });

  it('scores and strokes gained read as golfers write them', () => {
    expect(formatSg(0.456)).toBe('+0.46');
    expect(formatSg(-1.2)).toBe('-1.20');
    expect(formatSg(-0.001)).toBe('0.00');
    expect([2, 3, 4, 5, 6, 7].map((score) => scoreName(score, 5))).toEqual(['albatross', 'eagle', 'birdie', 'par', 'bogey', 'double']);
    expect(scoreName(8, 4)).toBe('worse');
  });

  it('datetime-local values go to ISO and back in local time', () => {
    const local = toLocalDateTimeInput('2026-05-02T08:05:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalDateTimeInput(local)).toBe('2026-05-02T08:05:00.000Z');
    expect(fromLocalDateTimeInput('')).toBeNull();
  });

  it('an edit sends back the editable fields unchanged', () => {
    const event = {
      event_id: 4,
      event_type: 'NOTE',
      uid: 7,
      title: 'Swing thought',
      start: '2026-05-02T08:00:00.000Z',
      end: null,
      notes: 'Tempo',
      tags: ['swing'],
      share: 'SHARE_SELF',
      usershares: [],
      orgshares: [],
      eventdrills: [],
      round: null,
      round_summary: null,
      permissions: 3,
      updated_at: '',
    } as EventResponse;
    expect(bodyOfEvent(event)).toEqual({
      event_type: 'NOTE',
      title: 'Swing thought',
      start: '2026-05-02T08:00:00.000Z',
      end: null,
      notes: 'Tempo',
      tags: ['swing'],
      round: null,
    });
  });

  it('totals by category count every shot and add up to the round', () => {
    const scored = scoreRound(
      {
        units: 'FEET_YARDS',
        holes: [
          {
            hole: 1,
            par: 4,
            shots: [
              { from: 'T', dist: 400, to: 'F' },
              { from: 'F', dist: 150, to: 'G' },
              { from: 'G', dist: 20, to: 'G' },
              { from: 'G', dist: 2, to: 'I' },
            ],
          },
        ],
      },
      'TOUR',
    );
    const totals = categoryTotals(scored);
    expect([...totals.keys()].sort()).toEqual(['drive', 'midApproach', 'midPutts', 'shortPutts']);
    const sum = [...totals.values()].reduce((n, t) => n + t.sg, 0);
    expect(sum).toBeCloseTo(scored.sg.overall, 10);
    expect([...totals.values()].reduce((n, t) => n + t.shots, 0)).toBe(4);
  });
});

describe('formatRoundSg', () => {
  it("writes a round's strokes gained to one decimal with its sign, and no sign for nothing", () => {
    expect(formatRoundSg(1.24)).toBe('+1.2');
    expect(formatRoundSg(-0.35)).toBe('-0.3');
    expect(formatRoundSg(-2.06)).toBe('-2.1');
    expect(formatRoundSg(-0.04)).toBe('0.0');
    expect(formatRoundSg(0)).toBe('0.0');
  });
});
