/**
 * A card that is one link (a row of the home page's lists): its lines on the left, a chevron on
 * the right, at least 56 px high so it is an easy target on a phone.
 */
import { Card, Group, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function LinkCard({
  to,
  gap,
  fillHeight = false,
  children,
}: {
  to: string;
  gap: number;
  fillHeight?: boolean;
  children: ReactNode;
}) {
  const height = fillHeight ? '100%' : undefined;
  return (
    <Card withBorder radius="md" padding={0} h={height}>
      <UnstyledButton component={Link} to={to} p="sm" mih={56} w="100%" h={height} display="block">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={gap} style={{ minWidth: 0 }}>
            {children}
          </Stack>
          <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </UnstyledButton>
    </Card>
  );
}
