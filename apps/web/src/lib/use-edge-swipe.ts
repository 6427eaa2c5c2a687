import { useEffect } from 'react';

/** A swipe must start this close to the left edge, in CSS pixels. */
export const EDGE_WIDTH_PX = 24;
/** …and travel at least this far to the right, more sideways than down. */
export const SWIPE_MIN_DISTANCE_PX = 60;

/**
 * Opens the menu with a rightward swipe from the left edge on touch screens, as native apps do.
 * Listens on the document so it works over any page content.
 */
export function useEdgeSwipe(onSwipe: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let start: { x: number; y: number } | null = null;

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = touch && touch.clientX <= EDGE_WIDTH_PX ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = Math.abs(touch.clientY - start.y);
      start = null;
      if (dx >= SWIPE_MIN_DISTANCE_PX && dx > dy) onSwipe();
    };

    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, [onSwipe, enabled]);
}
