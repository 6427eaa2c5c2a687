import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session/session.ts';
import { callsTo } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { resetStatsTest, signInStatsUser, stubApi } from '../../../test/stats-fixtures.ts';
import GroupPage from './group-page.tsx';

const PEOPLE = [
  { uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false },
  { uid: 23, first_name: 'Abe', last_name: 'Zorn', is_coach: false },
  { uid: 22, first_name: 'Cara', last_name: 'Diaz', is_coach: false },
  { uid: 5, first_name: 'Kim', last_name: 'Lee', is_coach: true },
];

/** Sixteen players: Player 01 (uid 101) to Player 16 (uid 116). */
const SIXTEEN = Array.from({ length: 16 }, (_, index) => ({
  uid: 101 + index,
  first_name: 'Player',
  last_name: String(index + 1).padStart(2, '0'),
  is_coach: false,
}));

function openGroupPage({ people = PEOPLE, group = [] as number[], saveStatus = 200 } = {}) {
  const fetchMock = stubApi({
    'GET /v4/people': { json: { people } },
    'POST /v4/account/settings': ({ init }) =>
      saveStatus === 200
        ? { json: { theme: 0, units: 'FEET_YARDS', usershares: [], orgshares: [], ...(JSON.parse(String(init.body)) as object) } }
        : { status: saveStatus, json: { error: 'A team view shows at most 15 players', code: 'VALIDATION_ERROR' } },
  });
  signInStatsUser({ group }, { user: { is_coach: true } });
  renderWithProviders(<GroupPage />, { route: '/group' });
  return fetchMock;
}

function checkbox(name: string): HTMLInputElement {
  return screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });
}

afterEach(resetStatsTest);

describe('Team players (group page)', () => {
  it('offers the players (not coaches) by name, ticks the saved ones and shows a saved uid no longer listed as Unknown', async () => {
    openGroupPage({ group: [21, 99] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team players' })).toBeInTheDocument();
    const list = within(await screen.findByRole('group', { name: 'Players' }));
    expect(list.getAllByRole('checkbox')).toHaveLength(4);
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Abe Zorn',
      'Ben Crenshaw',
      'Cara Diaz',
      'UnknownNo longer among your people',
    ]);
    expect(screen.queryByText('Kim Lee')).not.toBeInTheDocument();
    expect(checkbox('Ben Crenshaw')).toBeChecked();
    expect(checkbox('Unknown')).toBeChecked();
    expect(checkbox('Abe Zorn')).not.toBeChecked();
    expect(screen.getByText('2 of 15 chosen')).toBeInTheDocument();
    // Few players: no search box.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('saves the chosen players in settings.group and keeps them in the session', async () => {
    const user = userEvent.setup();
    const fetchMock = openGroupPage({ group: [21, 99] });
    await user.click(await screen.findByRole('checkbox', { name: 'Abe Zorn' }));
    await user.click(checkbox('Unknown'));
    expect(screen.getByText('2 of 15 chosen')).toBeInTheDocument();
    expect(screen.getByText('Not saved yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save team' }));
    expect(await screen.findByText('Team saved: 2 players')).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST /v4/account/settings');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ group: [21, 23] });
    expect(session.store.get().settings?.group).toEqual([21, 23]);
    expect(screen.getByRole('button', { name: 'Save team' })).toBeDisabled();
    // The team views are a tap away.
    expect(screen.getByRole('link', { name: 'Team putting' })).toHaveAttribute('href', '/team-putting');
  });

  it('does not report a save the API refused', async () => {
    const user = userEvent.setup();
    const fetchMock = openGroupPage({ saveStatus: 400 });
    await user.click(await screen.findByRole('checkbox', { name: 'Cara Diaz' }));
    await user.click(screen.getByRole('button', { name: 'Save team' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/account/settings')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save team' })).toBeEnabled());
    expect(screen.queryByText(/^Team saved/)).not.toBeInTheDocument();
    expect(screen.getByText('Not saved yet.')).toBeInTheDocument();
    expect(session.store.get().settings?.group).toEqual([]);
  });

  it('stops at 15: the sixteenth cannot be ticked and says why; a search box finds players', async () => {
    const user = userEvent.setup();
    openGroupPage({ people: SIXTEEN, group: SIXTEEN.slice(0, 14).map((person) => person.uid) });
    await user.click(await screen.findByRole('checkbox', { name: 'Player 15' }));
    expect(screen.getByText('15 of 15 chosen')).toBeInTheDocument();
    const sixteenth = checkbox('Player 16');
    expect(sixteenth).toBeDisabled();
    expect(sixteenth).not.toBeChecked();
    const why = screen.getByText('A team view shows at most 15 players. Untick a player to choose another.');
    expect(sixteenth.getAttribute('aria-describedby')).toContain(why.id);
    expect(within(sixteenth.closest('li')!).getByText('Team full')).toBeInTheDocument();
    // Unticking one frees a place.
    await user.click(checkbox('Player 03'));
    expect(checkbox('Player 16')).toBeEnabled();
    expect(screen.getByText('14 of 15 chosen')).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Search players' });
    await user.type(search, 'PLAYER 1');
    expect(
      within(screen.getByRole('group', { name: 'Players' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Player 01', 'Player 10', 'Player 11', 'Player 12', 'Player 13', 'Player 14', 'Player 15', 'Player 16']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No player matches “nobody”.')).toBeInTheDocument();
  });

  it('says what to do when there are no players yet', async () => {
    openGroupPage({ people: [PEOPLE[3]!] });
    expect(await screen.findByText('No players yet')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows an error when the players cannot be loaded', async () => {
    stubApi({ 'GET /v4/people': { status: 500, json: { error: 'Something went wrong', code: 'INTERNAL_ERROR' } } });
    signInStatsUser({}, { user: { is_coach: true } });
    renderWithProviders(<GroupPage />, { route: '/group' });
    expect(await screen.findByText('Your players could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
