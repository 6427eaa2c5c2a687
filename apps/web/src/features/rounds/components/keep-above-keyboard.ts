/**
 * On a phone the number pad covers the bottom of the page while the distance is typed, and with it
 * the Result buttons the next tap needs. The visual viewport (`window.visualViewport`) is the part
 * of the page left visible above the keyboard; when the Result group reaches below it, the page is
 * scrolled up just enough, never so far that the field being typed in leaves the top.
 */
import { useEffect } from 'react';

/** Space kept between the Result group and the keyboard, and between the field and the top. */
export const KEYBOARD_MARGIN = 8;

/** The visible part of the page, in the coordinates of getBoundingClientRect (the layout viewport). */
export interface VisibleArea {
  offsetTop: number;
  height: number;
}

/**
 * How many pixels to scroll down so `target`'s bottom sits above the visible area's bottom: 0 when
 * it does already, and at most what keeps `field`'s top inside the visible area.
 */
export function scrollToKeepAbove(
  field: Pick<DOMRect, 'top'>,
  target: Pick<DOMRect, 'bottom'>,
  visible: VisibleArea,
  margin = KEYBOARD_MARGIN,
): number {
  const below = target.bottom - (visible.offsetTop + visible.height - margin);
  if (below <= 0) return 0;
  const room = field.top - (visible.offsetTop + margin);
  return Math.max(0, Math.min(below, room));
}

/** Scrolls the window so `target` shows above the keyboard while `field` has the focus; nothing otherwise. */
export function keepAboveKeyboard(field: HTMLElement | null, target: HTMLElement | null, win: Window = window): void {
  if (!field || !target || win.document.activeElement !== field) return;
  // Without a visual viewport (older browsers) the window is what is visible.
  const visible = win.visualViewport ?? { offsetTop: 0, height: win.innerHeight };
  const amount = scrollToKeepAbove(field.getBoundingClientRect(), target.getBoundingClientRect(), visible);
  if (amount > 0) win.scrollBy({ top: amount, left: 0 });
}

/**
 * Keeps `target` above the keyboard while `field` is focused: on focus (the caller's onFocus), and
 * whenever the visible area changes size, as it does when the keyboard opens (the visual viewport's
 * resize; the window's too, where the keyboard resizes the whole page).
 */
export function useKeepAboveKeyboard(
  fieldRef: { readonly current: HTMLElement | null },
  targetRef: { readonly current: HTMLElement | null },
): () => void {
  useEffect(() => {
    const keep = () => keepAboveKeyboard(fieldRef.current, targetRef.current);
    const viewport = window.visualViewport;
    viewport?.addEventListener('resize', keep);
    window.addEventListener('resize', keep);
    return () => {
      viewport?.removeEventListener('resize', keep);
      window.removeEventListener('resize', keep);
    };
  }, [fieldRef, targetRef]);
  return () => keepAboveKeyboard(fieldRef.current, targetRef.current);
}
