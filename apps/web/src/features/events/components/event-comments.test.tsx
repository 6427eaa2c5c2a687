import type { EventComment } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { renderApp, renderWithProviders } from '../../../test/render.tsx';
import { buildRoundEvent } from '../../../test/stats-fixtures.ts';
import { EventComments } from './event-comments.tsx';

/** Ann (uid 7) is signed in; the round belongs to `owner`. */
function signIn() {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
}

function comment(over: Partial<EventComment>): EventComment {
  return {
    comment_id: 1,
    event_id: 12,
    uid: 9,
    first_name: 'Casey',
    last_name: 'Coach',
    body: 'Good round',
    created_at: '2026-05-02T14:00:00.000Z',
    ...over,
  };
}

function api(routes: Routes) {
  const fetchMock = createFetchMock(routes);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const THREAD = [
  comment({ comment_id: 1, uid: 9, body: 'Lag putting was good.\nTee shot on 12?' }),
  comment({ comment_id: 2, uid: 7, first_name: 'Ann', last_name: 'Hogan', body: 'Driver. <b>Not</b> again.' }),
];

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('EventComments', () => {
  it('shows the thread oldest first with names and dates, line breaks kept and markup as text', async () => {
    api({ 'GET /v4/events/comments': { json: { comments: THREAD } } });
    signIn();
    renderWithProviders(<EventComments event={buildRoundEvent({ uid: 3, permissions: 0 })} />);
    const items = await screen.findAllByTestId('event-comment');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Casey Coach');
    expect(within(items[0]!).getByText(/Lag putting was good\./).textContent).toBe('Lag putting was good.\nTee shot on 12?');
    expect(within(items[0]!).getByText(/Lag putting/)).toHaveStyle({ whiteSpace: 'pre-wrap' });
    // Text only: the angle brackets are shown, no element is made of them.
    expect(items[1]).toHaveTextContent('Driver. <b>Not</b> again.');
    expect(items[1]!.querySelector('b')).toBeNull();
    const time = items[0]!.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-05-02T14:00:00.000Z');
    expect(time?.textContent).toMatch(/26/);
  });

  it('offers Delete on my own comments only, on an event of someone else', async () => {
    api({ 'GET /v4/events/comments': { json: { comments: THREAD } } });
    signIn();
    renderWithProviders(<EventComments event={buildRoundEvent({ uid: 3, permissions: 0 })} />);
    const items = await screen.findAllByTestId('event-comment');
    expect(within(items[0]!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: /Delete the comment by Ann Hogan/ })).toBeInTheDocument();
  });

  it('offers the owner Delete on every comment, and deletes after confirming', async () => {
    let thread = THREAD;
    const fetchMock = api({
      'GET /v4/events/comments': () => ({ json: { comments: thread } }),
      'DELETE /v4/events/comments': ({ url }) => {
        thread = thread.filter((c) => String(c.comment_id) !== url.searchParams.get('comment_id'));
        return { json: { ok: true } };
      },
    });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<EventComments event={buildRoundEvent({ uid: 7, permissions: 3 })} />);
    const items = await screen.findAllByTestId('event-comment');
    expect(items.map((item) => within(item).queryAllByRole('button', { name: /Delete/ }).length)).toEqual([1, 1]);
    await user.click(within(items[0]!).getByRole('button', { name: /Delete the comment by Casey Coach/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('event-comment')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /v4/events/comments').map(({ url }) => url.searchParams.get('comment_id'))).toEqual(['1']);
  });

  it('says so when there are no comments yet', async () => {
    api({ 'GET /v4/events/comments': { json: { comments: [] } } });
    signIn();
    renderWithProviders(<EventComments event={buildRoundEvent({ uid: 3, permissions: 0 })} />);
    expect(await screen.findByTestId('comments-empty')).toHaveTextContent('No comments yet. Be the first to comment.');
    expect(screen.queryByRole('list', { name: 'Comments' })).not.toBeInTheDocument();
  });

  it('posts the text as written, clears the box and shows the new comment', async () => {
    let thread: EventComment[] = [];
    const fetchMock = api({
      'GET /v4/events/comments': () => ({ json: { comments: thread } }),
      'POST /v4/events/comments': ({ init }) => {
        const { body } = JSON.parse(String(init.body)) as { body: string };
        thread = [comment({ comment_id: 5, uid: 7, first_name: 'Ann', last_name: 'Hogan', body: body.trim() })];
        return { json: thread[0] };
      },
    });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<EventComments event={buildRoundEvent({ uid: 3, permissions: 0 })} />);
    await screen.findByTestId('comments-empty');
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.type(box, 'Two putts{Enter}on 18');
    expect(box).toHaveAccessibleDescription('15 / 2,000 characters');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getAllByTestId('event-comment')).toHaveLength(1));
    const posted = callsTo(fetchMock, 'POST /v4/events/comments');
    expect(posted.map(({ url }) => url.searchParams.get('event_id'))).toEqual(['12']);
    expect(JSON.parse(String(posted[0]!.init.body))).toEqual({ body: 'Two putts\non 18' });
    expect(box).toHaveValue('');
  });

  it('counts to 2,000 and will not post past it, or whitespace alone', async () => {
    const fetchMock = api({ 'GET /v4/events/comments': { json: { comments: [] } } });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<EventComments event={buildRoundEvent({ uid: 3, permissions: 0 })} />);
    await screen.findByTestId('comments-empty');
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.click(box);
    await user.paste('   ');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.paste('a'.repeat(2001));
    expect(box).toHaveAccessibleDescription(/2,001 \/ 2,000 characters/);
    expect(screen.getByText('A comment is at most 2,000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.type(box, '{Backspace}');
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
    expect(callsTo(fetchMock, 'POST /v4/events/comments')).toHaveLength(0);
  });

  it("announces the API's refusal in a live region and keeps the text", async () => {
    api({
      'GET /v4/events/comments': { json: { comments: [] } },
      'POST /v4/events/comments': { status: 404, json: { error: 'No such event', code: 'NOT_FOUND' } },
    });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<EventComments event={buildRoundEvent({ uid: 3, permissions: 0 })} />);
    await screen.findByTestId('comments-empty');
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('No such event'));
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(box).toHaveValue('Hello');
  });

  it('sits on the event page of a round and of a practice, under its own heading', async () => {
    for (const event of [
      buildRoundEvent({ uid: 3, permissions: 0 }),
      buildRoundEvent({ event_id: 13, event_type: 'PRACTICE', title: 'Range', round: null, round_summary: null, uid: 7 }),
    ]) {
      const fetchMock = api({
        'GET /v4/events': { json: { events: [event] } },
        'GET /v4/people': { json: { people: [{ uid: 3, first_name: 'Dana', last_name: 'Okafor', is_coach: false }] } },
        'GET /v4/tags': { json: { tags: [] } },
        'GET /v4/drills': { json: { drills: [] } },
        'GET /v4/events/comments': { json: { comments: [comment({ event_id: event.event_id })] } },
      });
      signIn();
      const view = renderApp(`/event?event_id=${event.event_id}`);
      const section = (await screen.findByRole('heading', { level: 2, name: 'Comments' })).closest('section')!;
      expect(await within(section).findByText('Good round')).toBeInTheDocument();
      expect(within(section).getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET /v4/events/comments').map(({ url }) => url.searchParams.get('event_id'))).toEqual([
        String(event.event_id),
      ]);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
