/**
 * How events read on screen: names of types, scopes, permissions and categories, titles, to-par,
 * score names, and the body an edit sends back. Pure, so each rule has its unit test.
 */
import type { EventBody, EventResponse } from '@holeout/contracts';
import { PERMISSIONS, type EventType, type ShareScope, type StatCategory } from '@holeout/golf';

export { EVENT_TYPE_LABELS, eventTitle } from '../../../lib/event-names.ts';

/** The types created on the events page (rounds come from Add Round). */
export const CREATABLE_TYPES = ['PRACTICE', 'LESSON', 'WORKOUT', 'NOTE'] as const satisfies readonly EventType[];

export const SCOPE_LABELS: Record<ShareScope, string> = {
  SHARE_SELF: 'Only me',
  SHARE_COACHES: 'My coaches',
  SHARE_SELECTED: 'The people and organisations I choose',
  SHARE_TEAM: 'Everyone in my organisations',
  SHARE_PUBLIC: 'Anyone with the link',
};

/** Category names as the product shows them (the same names as the AI diagnosis uses). */
export const CATEGORY_LABELS: Record<StatCategory, string> = {
  drive: 'Off the Tee',
  longApproach: 'Long Approach Shots',
  midApproach: 'Medium Approach Shots',
  shortApproach: 'Short Approach Shots',
  fwChips: 'Fairway Chips & Pitches',
  roughChips: 'Rough Chips & Pitches',
  sandChips: 'Greenside Bunkers',
  other: 'Other',
  longPutts: 'Lag Putts',
  midPutts: 'Mid-Range Putts',
  shortPutts: 'Short Putts',
};

/** What the caller may do with an event, from their permission (3 owner, 2 modify, below: view). */
export function eventAbilities(permission: number): { edit: boolean; delete: boolean; share: boolean; removeFromList: boolean } {
  const owner = permission >= PERMISSIONS.OWNER;
  return {
    edit: permission >= PERMISSIONS.MODIFY,
    delete: owner,
    share: owner,
    removeFromList: !owner,
  };
}

/** The shares an event type can grant: rounds and notes take no children, so no "Can add". */
export function permissionChoices(type: EventType): { value: string; label: string }[] {
  const choices = [
    { value: String(PERMISSIONS.NONE), label: 'No access' },
    { value: String(PERMISSIONS.VIEW), label: 'Can view' },
  ];
  if (type !== 'ROUND' && type !== 'NOTE') choices.push({ value: String(PERMISSIONS.ADD), label: 'Can add' });
  choices.push({ value: String(PERMISSIONS.MODIFY), label: 'Can edit' });
  return choices;
}

/** Strokes gained as golfers read it: "+0.45", "-1.20", "0.00". */
export function formatSg(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (Object.is(rounded, -0) || rounded === 0) return '0.00';
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(2)}`;
}

/** A round's strokes gained on a list row, to one decimal: "+1.2", "-0.4", "0.0". */
export function formatRoundSg(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (Object.is(rounded, -0) || rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}`;
}

export type ScoreName = 'albatross' | 'eagle' | 'birdie' | 'par' | 'bogey' | 'double' | 'worse';

/** The name of a hole score against par. */
export function scoreName(score: number, par: number): ScoreName {
  const diff = score - par;
  if (diff <= -3) return 'albatross';
  if (diff === -2) return 'eagle';
  if (diff === -1) return 'birdie';
  if (diff === 0) return 'par';
  if (diff === 1) return 'bogey';
  return diff === 2 ? 'double' : 'worse';
}

export const SCORE_NAME_LABELS: Record<ScoreName, string> = {
  albatross: 'Albatross or better',
  eagle: 'Eagle',
  birdie: 'Birdie',
  par: 'Par',
  bogey: 'Bogey',
  double: 'Double bogey',
  worse: 'Triple bogey or worse',
};

/** A date for <input type="datetime-local"> in local time: 2026-05-02T08:05. */
export function toLocalDateTimeInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of a datetime-local input (local time) as ISO 8601 UTC; null when empty or invalid. */
export function fromLocalDateTimeInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The editable fields of a saved event, as POST /events?event_id= takes them back. */
export function bodyOfEvent(event: EventResponse): EventBody {
  return {
    event_type: event.event_type as EventType,
    title: event.title,
    start: event.start,
    end: event.end,
    notes: event.notes,
    tags: event.tags,
    round: event.round,
  };
}
