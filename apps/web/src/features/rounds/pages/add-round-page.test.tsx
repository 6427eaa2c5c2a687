import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { buildEvent, buildSettings, buildUser } from '../../../test/factories.ts';
import { renderApp } from '../../../test/render.tsx';
import { resetRoundService, roundService } from '../components/round-service.ts';

function signIn(units: 'FEET_YARDS' | 'METERS_METERS' = 'FEET_YARDS') {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings({ units }) });
}

const savedEvent = buildEvent({ event_id: 77 });

function api(routes: Routes = {}) {
  const fetchMock = createFetchMock({
    'POST /v4/events': { json: savedEvent },
    'GET /v4/events': { json: { events: [savedEvent] } },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const result = () => within(screen.getByRole('group', { name: 'Result' }));
const distance = () => screen.getByRole('textbox', { name: 'Distance' });

async function shot(user: ReturnType<typeof userEvent.setup>, dist: string | null, to: string) {
  if (dist !== null) {
    await user.clear(distance());
    await user.type(distance(), dist);
  }
  await user.click(result().getByRole('button', { name: to }));
}

beforeEach(() => {
  resetRoundService();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Add Round', () => {
  it('enters a hole: par, then distance and result per shot; holed opens the next hole and the score runs', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.type(await screen.findByRole('textbox', { name: 'Course' }), 'Royal Example');
    await user.click(screen.getByRole('button', { name: 'Par 4' }));
    expect(screen.getByRole('button', { name: 'Par 4' })).toHaveAttribute('aria-pressed', 'true');
    expect(distance()).toHaveAttribute('inputmode', 'decimal');
    expect(distance()).toHaveFocus();
    expect(screen.getByText('yd')).toBeInTheDocument();
    await shot(user, '402', 'Fairway');
    expect(screen.getByTestId('next-shot')).toHaveTextContent('Shot 2 · from the fairway');
    expect(distance()).toHaveFocus();
    await shot(user, '148', 'Green');
    // On the green: quick putt lengths in feet.
    await user.click(within(screen.getByRole('group', { name: 'Putt length' })).getByRole('button', { name: '8 ft' }));
    expect(distance()).toHaveValue('8');
    // A putt offers only what a putt can do: no fairway, no out of bounds (the fringe is offered as such).
    expect(
      result()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Green', 'Holed', 'Fringe', 'Rough', 'Sand', 'Hazard']);
    await user.click(result().getByRole('button', { name: 'Green' }));
    await shot(user, '2', 'Holed');
    expect(screen.getByRole('heading', { level: 2, name: /^Hole 2/ })).toBeInTheDocument();
    expect(screen.getByTestId('running-score')).toHaveTextContent('Score 4 (E) thru 1');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('after out of bounds the replay is filled in and takes one tap; the penalty counts', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 4' }));
    await shot(user, '420', 'Out of bounds');
    expect(distance()).toHaveValue('420');
    expect(distance()).toHaveAttribute('readonly');
    await user.click(result().getByRole('button', { name: 'Fairway' }));
    const shots = screen.getByRole('list', { name: 'Shots on this hole' });
    expect(
      within(shots)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Tee 420 yd → Out of bounds (+1 penalty)'), expect.stringContaining('Tee 420 yd → Fairway')]);
  });

  it('after a hazard the Lie group asks: a drop from the rough, then the miss of the drive', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 4' }));
    expect(screen.queryByRole('group', { name: 'Lie' })).not.toBeInTheDocument();
    await shot(user, '400', 'Hazard');
    // A missed drive: the eight directions apply to it, optionally.
    const miss = within(screen.getByRole('group', { name: 'Miss' }));
    expect(miss.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Long left',
      'Long',
      'Long right',
      'Left',
      'Right',
      'Short left',
      'Short',
      'Short right',
    ]);
    await user.click(miss.getByRole('button', { name: 'Right' }));
    expect(miss.getByRole('button', { name: 'Right' })).toHaveAttribute('aria-pressed', 'true');
    const lie = within(screen.getByRole('group', { name: 'Lie' }));
    expect(lie.getAllByRole('button').map((b) => b.textContent)).toEqual(['Tee', 'Fairway', 'Rough', 'Sand', 'Hazard', 'Green']);
    await shot(user, '150', 'Green');
    expect(distance()).toHaveAttribute('aria-invalid', 'true');
    expect(distance()).toHaveAccessibleDescription(
      expect.stringContaining('Choose the lie: Hazard to play it as it lies, or where you dropped'),
    );
    await user.click(lie.getByRole('button', { name: 'Rough' }));
    await shot(user, '150', 'Green');
    expect(screen.getByRole('list', { name: 'Shots on this hole' })).toHaveTextContent('Tee 400 yd → Hazard, missed right (+1 penalty)');
    expect(screen.getByRole('list', { name: 'Shots on this hole' })).toHaveTextContent('Rough 150 yd → Green');
  });

  it('undo removes the last shot; a shot can be edited, the next ones following', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 4' }));
    await shot(user, '400', 'Fairway');
    await shot(user, '150', 'Sand');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByTestId('next-shot')).toHaveTextContent('Shot 2 · from the fairway');
    await shot(user, '150', 'Green');
    await user.click(screen.getByRole('button', { name: 'Edit shot 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit shot 1' });
    await user.selectOptions(within(dialog).getByLabelText('Shot result'), 'Rough');
    await user.click(within(dialog).getByRole('button', { name: 'Save shot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Shots on this hole' })).toHaveTextContent('Rough 150 yd → Green');
  });

  it('a round that is not finished is not saved; the problem names the hole', async () => {
    const fetchMock = api();
    signIn();
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 3' }));
    await shot(user, '160', 'Green');
    await user.click(screen.getByRole('button', { name: 'Save round' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hole 1 is not finished: its last shot must be Holed');
    expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(0);
  });

  it('saves with an Idempotency-Key and opens the new round', async () => {
    const fetchMock = api();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/scanner');
    await user.type(await screen.findByRole('textbox', { name: 'Course' }), 'Links');
    await user.click(screen.getByRole('button', { name: 'Par 3' }));
    await shot(user, '160', 'Green');
    await shot(user, '12', 'Holed');
    await user.click(screen.getByRole('button', { name: 'Save round' }));
    await waitFor(() => expect(router.state.location.search).toBe('?event_id=77'));
    expect(router.state.location.pathname).toBe('/event');
    const [post] = callsTo(fetchMock, 'POST /v4/events');
    expect((post!.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(String(post!.init.body))).toMatchObject({
      event_type: 'ROUND',
      round: {
        course: 'Links',
        units: 'FEET_YARDS',
        holes: [
          {
            hole: 1,
            par: 3,
            shots: [
              { from: 'T', dist: 160, to: 'G' },
              { from: 'G', dist: 12, to: 'I' },
            ],
          },
        ],
      },
    });
  });

  it('offline, the saved round waits in the outbox and a new round starts', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    signIn();
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 3' }));
    await shot(user, '160', 'Holed');
    await user.click(screen.getByRole('button', { name: 'Save round' }));
    expect(await screen.findByText('1 round waiting to be sent')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Hole 1$/ })).toBeInTheDocument();
    expect(await roundService().store.listOutbox(7)).toHaveLength(1);
  });

  it('a draft on the device resumes at the same hole and shot, with what was typed', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    const first = renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 5' }));
    await shot(user, '510', 'Rough');
    await user.type(distance(), '260');
    await waitFor(async () => expect((await roundService().store.loadDraft(7, null))?.input.distance).toBe('260'));
    first.unmount();
    renderApp('/scanner');
    expect(await screen.findByTestId('next-shot')).toHaveTextContent('Shot 2 · from the rough');
    expect(distance()).toHaveValue('260');
    expect(screen.getByRole('button', { name: 'Par 5' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows distances in the user units: meters on and off the green', async () => {
    api();
    signIn('METERS_METERS');
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 3' }));
    expect(screen.getByText('m')).toBeInTheDocument();
    await shot(user, '140', 'Green');
    expect(within(screen.getByRole('group', { name: 'Putt length' })).getByRole('button', { name: '1.5 m' })).toBeInTheDocument();
  });

  it('edits a saved round: its holes come back, and the save replaces it (POST /events?event_id=)', async () => {
    const round = {
      course: 'Links',
      units: 'FEET_YARDS',
      holes: [
        {
          hole: 1,
          par: 3,
          shots: [
            { from: 'T', dist: 160, to: 'G' },
            { from: 'G', dist: 12, to: 'I' },
          ],
        },
      ],
    };
    const fetchMock = api({
      'GET /v4/events': { json: { events: [{ ...savedEvent, event_id: 12, title: 'Medal', tags: ['club'], round }] } },
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/scanner?event_id=12');
    expect(await screen.findByRole('textbox', { name: 'Course' })).toHaveValue('Links');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit round' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit shot 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit shot 2' });
    await user.clear(within(dialog).getByLabelText('Shot distance'));
    await user.type(within(dialog).getByLabelText('Shot distance'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save shot' }));
    await user.click(screen.getByRole('button', { name: 'Save round' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1));
    const [post] = callsTo(fetchMock, 'POST /v4/events');
    expect(post!.url.searchParams.get('event_id')).toBe('12');
    expect(JSON.parse(String(post!.init.body))).toMatchObject({
      title: 'Medal',
      tags: ['club'],
      round: { holes: [{ shots: [{ dist: 160 }, { dist: 9 }] }] },
    });
  });
});
