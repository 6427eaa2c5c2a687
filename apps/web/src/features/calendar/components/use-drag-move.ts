import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { EventResponse } from '@holeout/contracts';
import { toDayKey } from '../lib/date-grid.ts';

/** How far (px) a pointer goes before a press becomes a drag; less is a tap that opens the event. */
export const DRAG_THRESHOLD = 8;

export interface DragState {
  event: EventResponse;
  x: number;
  y: number;
  /** The day cell under the pointer (its data-date), if any. */
  overDay: string | null;
}

/** The day of the element under a point: the nearest ancestor carrying data-date. */
function dayAt(x: number, y: number): string | null {
  const hit = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : null;
  const cell = hit instanceof Element ? hit.closest<HTMLElement>('[data-date]') : null;
  return cell?.dataset.date ?? null;
}

/**
 * Drag an event to another day with pointer events (mouse, pen and touch alike): press on the
 * chip, move past the threshold, let go over a day cell (found with elementFromPoint and its
 * data-date). Escape cancels. The click that ends a drag does not open the event.
 */
export function useDragMove(onDrop: (event: EventResponse, dayKey: string) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;

  useEffect(() => () => stop.current?.(), []);

  function startDrag(press: ReactPointerEvent<HTMLElement>, event: EventResponse) {
    if (!press.isPrimary || press.button !== 0) return;
    stop.current?.();
    const pointerId = press.pointerId;
    const origin = { x: press.clientX, y: press.clientY };
    const fromDay = toDayKey(new Date(event.start));
    let moving = false;

    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      if (!moving && Math.hypot(e.clientX - origin.x, e.clientY - origin.y) < DRAG_THRESHOLD) return;
      moving = true;
      e.preventDefault();
      setDrag({ event, x: e.clientX, y: e.clientY, overDay: dayAt(e.clientX, e.clientY) });
    };
    const swallowClick = (e: MouseEvent) => {
      e.preventDefault();
      e.stopPropagation();
    };
    const cleanup = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', escape);
      stop.current = null;
      setDrag(null);
    };
    const up = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      cleanup();
      if (!moving) return;
      // The browser follows a drag's pointerup with a click on the chip: it must not open the event.
      window.addEventListener('click', swallowClick, { capture: true, once: true });
      window.setTimeout(() => window.removeEventListener('click', swallowClick, { capture: true }), 0);
      const day = dayAt(e.clientX, e.clientY);
      if (day && day !== fromDay) dropRef.current(event, day);
    };
    const cancel = (e: PointerEvent) => {
      if (e.pointerId === pointerId) cleanup();
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') cleanup();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', escape);
    stop.current = cleanup;
  }

  return { drag, startDrag };
}
