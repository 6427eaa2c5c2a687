/**
 * The frame of a page that is one column of cards: its one h1, an optional line under it, and the
 * content, no wider than a reading column on a wide screen.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageFrame({
  title,
  subtitle,
  maw = 960,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={maw}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="dimmed" component="div">
            {subtitle}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
