import { useState, type CSSProperties, type MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const shown: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '8px 16px',
  borderRadius: 4,
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-text)',
  boxShadow: 'var(--mantine-shadow-md)',
  textDecoration: 'underline',
};

/**
 * "Skip to content" (WCAG 2.4.1): the first thing a keyboard reaches, shown when focused. It moves
 * focus to the main region itself instead of changing the URL's hash, which the router would see.
 */
export function SkipLink() {
  const [focused, setFocused] = useState(false);
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  }
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      style={focused ? shown : hidden}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={skip}
    >
      Skip to content
    </a>
  );
}
