import { fireEvent, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { keepAboveKeyboard, scrollToKeepAbove, useKeepAboveKeyboard } from './keep-above-keyboard.ts';
import { DistanceField, ResultButtons } from './shot-entry.tsx';

describe('scrollToKeepAbove', () => {
  const visible = { offsetTop: 0, height: 400 };

  it('scrolls nothing while the Result group ends above the keyboard', () => {
    expect(scrollToKeepAbove({ top: 100 }, { bottom: 392 }, visible)).toBe(0);
    expect(scrollToKeepAbove({ top: 100 }, { bottom: 200 }, visible)).toBe(0);
  });

  it('scrolls just far enough to lift the group above the keyboard, with the margin', () => {
    expect(scrollToKeepAbove({ top: 300 }, { bottom: 560 }, visible)).toBe(168);
    // The visible area already panned down (as iOS does): measured from its own top.
    expect(scrollToKeepAbove({ top: 300 }, { bottom: 560 }, { offsetTop: 100, height: 400 })).toBe(68);
  });

  it('never pushes the field being typed in above the top', () => {
    expect(scrollToKeepAbove({ top: 120 }, { bottom: 900 }, visible)).toBe(112);
    expect(scrollToKeepAbove({ top: 4 }, { bottom: 900 }, visible)).toBe(0);
  });
});

/** A visual viewport as a phone's browser has one: its height shrinks when the keyboard opens. */
class FakeVisualViewport extends EventTarget {
  offsetTop = 0;
  constructor(public height: number) {
    super();
  }
  openKeyboard(height: number) {
    this.height = height;
    this.dispatchEvent(new Event('resize'));
  }
}

function placeAt(element: Element, top: number, bottom: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    top,
    bottom,
    left: 0,
    right: 390,
    width: 390,
    height: bottom - top,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
}

function Entry({ onEnter }: { onEnter?: () => void }) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const keep = useKeepAboveKeyboard(fieldRef, resultRef);
  return (
    <>
      <DistanceField
        ref={fieldRef}
        units="FEET_YARDS"
        lie="F"
        next={{ kind: 'continue', from: 'F' }}
        value=""
        error={null}
        onChange={() => undefined}
        onFocus={keep}
        onEnter={onEnter}
      />
      <ResultButtons ref={resultRef} onChoose={() => undefined} disabled={false} from="F" />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('useKeepAboveKeyboard', () => {
  let viewport: FakeVisualViewport;
  let scrollBy: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    viewport = new FakeVisualViewport(844);
    vi.stubGlobal('visualViewport', viewport);
    scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function renderEntry(onEnter?: () => void) {
    renderWithProviders(<Entry onEnter={onEnter} />);
    const field = screen.getByRole('textbox', { name: /Distance/ });
    const group = screen.getByRole('group', { name: 'Result' });
    placeAt(field, 300, 350);
    placeAt(group, 360, 560);
    return { field, group };
  }

  it('scrolls the Result group above the number pad when it opens over the focused distance', () => {
    const { field } = renderEntry();
    field.focus();
    // On focus the keyboard is not up yet: the whole 844 px show the group.
    expect(scrollBy).not.toHaveBeenCalled();
    viewport.openKeyboard(400);
    expect(scrollBy).toHaveBeenCalledWith({ top: 168, left: 0 });
  });

  it('scrolls on focus when the keyboard is up already, and not at all for a field without the focus', () => {
    const { field } = renderEntry();
    viewport.openKeyboard(400);
    expect(scrollBy).not.toHaveBeenCalled();
    field.focus();
    expect(scrollBy).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    viewport.openKeyboard(380);
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('without a visual viewport, measures against the window', () => {
    vi.stubGlobal('visualViewport', undefined);
    vi.stubGlobal('innerHeight', 500);
    const { field, group } = renderEntry();
    field.focus();
    keepAboveKeyboard(field, group);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 68, left: 0 });
  });

  it('Enter in the distance (the Next key) moves on to the result', () => {
    const onEnter = vi.fn();
    const { field } = renderEntry(onEnter);
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveAttribute('enterkeyhint', 'next');
    fireEvent.keyDown(field, { key: '5' });
    expect(onEnter).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
  });
});
