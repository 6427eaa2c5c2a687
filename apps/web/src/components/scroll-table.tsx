/**
 * A table wider than a phone: it scrolls sideways inside a region the keyboard can reach, the
 * cells given STICKY_CELL (the first column, what names each row) stay at the left edge while the
 * figures scroll under them, and a cue under the table says so. Put the figure the table is read
 * for next to the fixed column, so a phone shows both without scrolling.
 */
import { Group, ScrollArea, Stack, Table, Text, type TableProps } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';

/**
 * Table text wraps between words only: the page lets long words break anywhere (for long e-mails),
 * which inside a narrow column splits "Rank" into "Ran k". A wide table scrolls instead.
 */
export const TABLE_WORDS: CSSProperties = {
  overflowWrap: 'normal',
  wordBreak: 'normal',
  hyphens: 'manual',
};

/** A cell of the fixed column: it stays at the left edge while the rest scrolls under it; its right border and shadow show where. */
export const STICKY_CELL: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border), 4px 0 6px -4px rgba(0, 0, 0, 0.25)',
};

/** The fixed column's header cell: above both the scrolled headers and the fixed cells of the body. */
export const STICKY_CORNER: CSSProperties = { ...STICKY_CELL, zIndex: 2 };

/** The cue under a table that scrolls sideways. */
export function ScrollCue({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="scroll-cue">
      <IconArrowsHorizontal size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

/**
 * Whether the box is narrower than what it holds, followed as its size changes. Until it is laid out
 * (and where nothing is laid out, as in tests without a layout engine) it is taken to overflow, so the
 * cue shows rather than hides; a laid-out box whose content fits says no.
 */
function useOverflows(box: RefObject<HTMLDivElement | null>): boolean {
  const [overflows, setOverflows] = useState(true);
  // Measured before the first paint, so a table that fits never flashes its cue.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (element.clientWidth > 0) setOverflows(element.scrollWidth > element.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return overflows;
}

export function ScrollTable({
  label,
  minWidth,
  cue,
  scrollbar = 'always',
  children,
  tableProps,
}: {
  /** The scrolling region's name: "<label>: table". */
  label: string;
  /** Below this width the table scrolls instead of squeezing its columns. */
  minWidth?: number;
  /** What the cue under the table says; none when the table never needs to scroll. */
  cue?: ReactNode;
  /** 'always': the scrollbar shows whenever the table is wider than its box, itself a cue on a phone; 'auto': on hover and scrolling. */
  scrollbar?: 'always' | 'auto';
  /** The table's caption, head and body. */
  children: ReactNode;
  tableProps?: Omit<TableProps, 'children' | 'miw'> & { 'data-testid'?: string };
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(viewport);
  return (
    <Stack gap={4}>
      <ScrollArea
        type={scrollbar}
        offsetScrollbars
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${label}: table` }}
      >
        <Table
          striped
          withTableBorder
          fz="sm"
          {...tableProps}
          miw={minWidth}
          // Separate borders: with collapsed ones the scrolled cells show through the edge of the fixed column.
          style={{ ...TABLE_WORDS, borderCollapse: 'separate', borderSpacing: 0 }}
        >
          {children}
        </Table>
      </ScrollArea>
      {cue && overflows && <ScrollCue>{cue}</ScrollCue>}
    </Stack>
  );
}
