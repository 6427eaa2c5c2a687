/** Reading the ids pages take from the address (?event_id=, ?drill_id=, ?ced_id=, ?uid=). */

/** A positive whole number from the address (?drill_id=5), or null: digits only, and a safe integer. */
export function positiveId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
