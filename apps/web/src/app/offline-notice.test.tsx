import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { formatAsOf, OfflineNotice, shownAsOf, showsUnanswered } from './offline-notice.tsx';

afterEach(() => onlineManager.setOnline(true));

function Shown({ name }: { name: string }) {
  useQuery({ queryKey: [name], queryFn: async () => name, staleTime: Infinity });
  return null;
}

/** A page showing these answers (each a query it observes). */
function Page({ keys }: { keys: string[] }) {
  return keys.map((key) => <Shown key={key} name={key} />);
}

function renderWith(client: QueryClient, keys: string[]) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <OfflineNotice />
        <Page keys={keys} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the offline line', () => {
  it('says nothing while online', () => {
    const client = new QueryClient();
    client.setQueryData(['home'], 'x', { updatedAt: Date.parse('2026-11-26T09:05:00') });
    renderWith(client, ['home']);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('offline, names when the oldest answer on the page was loaded', () => {
    const client = new QueryClient();
    client.setQueryData(['home'], 'x', { updatedAt: Date.parse('2026-11-26T09:05:00') });
    client.setQueryData(['stats'], 'y', { updatedAt: Date.parse('2026-11-26T08:40:00') });
    client.setQueryData(['elsewhere'], 'z', { updatedAt: Date.parse('2026-11-01T08:00:00') });
    renderWith(client, ['home', 'stats']);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(`Offline, shown as of ${formatAsOf(Date.parse('2026-11-26T08:40:00'))}`);
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('online, but a reload of what the page shows got no answer (one bar of signal): the same line', async () => {
    const client = new QueryClient();
    client.setQueryData(['home'], 'kept', { updatedAt: Date.parse('2026-11-26T07:10:00') });
    const first = renderWith(client, ['home']);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    await act(() =>
      client
        .fetchQuery({ queryKey: ['home'], queryFn: () => Promise.reject(new ApiError('No connection', 0)), staleTime: 0 })
        .catch(() => undefined),
    );
    expect(screen.getByRole('status')).toHaveTextContent(`Offline, shown as of ${formatAsOf(Date.parse('2026-11-26T07:10:00'))}`);
    first.unmount();

    // A refusal with an answer (a 500) is not a lost connection: no line.
    const other = new QueryClient();
    other.setQueryData(['stats'], 'kept', { updatedAt: Date.parse('2026-11-26T07:10:00') });
    renderWith(other, ['stats']);
    await act(() =>
      other
        .fetchQuery({ queryKey: ['stats'], queryFn: () => Promise.reject(new ApiError('Down', 500)), staleTime: 0 })
        .catch(() => undefined),
    );
    expect(other.getQueryState(['stats'])!.status).toBe('error');
    expect(showsUnanswered(other)).toBe(false);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('offline on a page with nothing kept says so', () => {
    renderWith(new QueryClient(), ['never-loaded']);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('Offline: nothing on this page has been kept on this device yet.');
  });

  it('shownAsOf reads only the queries a page observes', () => {
    const client = new QueryClient();
    client.setQueryData(['a'], 1, { updatedAt: 5000 });
    expect(shownAsOf(client)).toBeNull();
  });

  it('formats a time today as the time, an earlier one with its day', () => {
    const now = Date.parse('2026-11-26T15:00:00');
    expect(formatAsOf(Date.parse('2026-11-26T09:05:00'), now, 'en-GB')).toBe('09:05');
    expect(formatAsOf(Date.parse('2026-11-24T18:30:00'), now, 'en-GB')).toBe('24 Nov, 18:30');
  });
});
