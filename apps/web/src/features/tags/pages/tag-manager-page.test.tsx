import type { TagResponse } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import TagManagerPage from './tag-manager-page.tsx';

function buildTag(overrides: Partial<TagResponse> = {}): TagResponse {
  return {
    tag_id: 1,
    uid: 7,
    name: 'College season',
    colour: '#206bb6',
    usershares: [{ uid: 9, permissions: 0 }],
    orgshares: [],
    permissions: 3,
    events: 12,
    ...overrides,
  };
}

const COLLEGE = buildTag();
const SWING = buildTag({
  tag_id: 2,
  name: 'Swing change',
  colour: null,
  usershares: [],
  orgshares: [{ org_id: 2, permissions: 0 }],
  events: 1,
});
const COACHS = buildTag({
  tag_id: 5,
  uid: 9,
  name: 'Winter plan',
  colour: '#b62d20',
  usershares: [{ uid: 7, permissions: 0 }],
  permissions: 0,
  events: 4,
});

const PEOPLE = [
  { uid: 9, first_name: 'Robin', last_name: 'Coach', is_coach: true },
  { uid: 11, first_name: 'Omar', last_name: 'Teammate', is_coach: false },
];

function renderPage(routes: Routes) {
  const fetchMock = createFetchMock({
    'GET /v4/people': { json: { people: PEOPLE } },
    'GET /v4/orgs': {
      json: [
        {
          org_id: 2,
          name: 'Holeout Academy',
          media_id: null,
          logo_url: null,
          colour: null,
          sub_id: 1,
          role: 'player',
          is_purchaser: false,
          seat: null,
        },
      ],
    },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
  renderWithProviders(<TagManagerPage />, { route: '/tag-manager' });
  return fetchMock;
}

/** POST /tags answers what it was sent, as the tag it names. */
const echoTag: Routes[string] = ({ url, init }) => ({
  json: buildTag({ ...JSON.parse(String(init.body)), tag_id: Number(url.searchParams.get('tag_id') ?? 30) }),
});
const postedBody = (fetchMock: ReturnType<typeof createFetchMock>, index = 0) =>
  JSON.parse(String(callsTo(fetchMock, 'POST /v4/tags')[index]!.init.body));

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Tags', () => {
  it("lists the user's tags by name with count and sharing, and the shared ones read-only by owner, each linking to its events", async () => {
    renderPage({ 'GET /v4/tags': { json: { tags: [SWING, COACHS, COLLEGE] } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    const own = await screen.findByRole('region', { name: 'Your tags' });
    const cards = within(own).getAllByTestId('tag');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual(['College season', 'Swing change']);
    expect(within(cards[0]!).getByRole('link', { name: 'College season' })).toHaveAttribute('href', '/events?tags=College%20season');
    expect(cards[0]).toHaveTextContent('12 events · Shared with Robin Coach');
    expect(await within(cards[1]!).findByText('1 event · Shared with Holeout Academy')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Edit College season' })).toBeInTheDocument();

    const shared = screen.getByRole('region', { name: 'Shared with you' });
    const coachs = within(shared).getByTestId('tag');
    expect(coachs).toHaveTextContent('4 events · Shared by Robin Coach');
    expect(within(coachs).getByRole('link', { name: 'Winter plan' })).toHaveAttribute('href', '/events?tags=Winter%20plan');
    expect(within(coachs).queryByRole('button')).toBeNull();
  });

  it('renames and recolours a tag, keeping its shares; a taken name shows beside the field', async () => {
    let taken = true;
    const fetchMock = renderPage({
      'GET /v4/tags': { json: { tags: [COLLEGE] } },
      'POST /v4/tags': (request) =>
        taken ? { status: 409, json: { error: 'You already have a tag named "Putting".', code: 'CONFLICT' } } : echoTag(request),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit College season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the tag "College season"' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Putting');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a tag named "Putting".')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    taken = false;
    await user.clear(name);
    await user.type(name, 'Spring season');
    await user.click(within(dialog).getByRole('button', { name: 'Green' }));
    expect(within(dialog).getByRole('button', { name: 'Green' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('Or type one')).toHaveValue('#1da534');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, second] = callsTo(fetchMock, 'POST /v4/tags');
    expect(second!.url.searchParams.get('tag_id')).toBe('1');
    expect(postedBody(fetchMock, 1)).toEqual({
      name: 'Spring season',
      colour: '#1da534',
      usershares: [{ uid: 9, permissions: 0 }],
      orgshares: [],
    });
  });

  it('creates a tag with a typed colour, refusing one that is not #rrggbb', async () => {
    const fetchMock = renderPage({ 'GET /v4/tags': { json: { tags: [] } }, 'POST /v4/tags': echoTag });
    const user = userEvent.setup();
    expect(await screen.findByTestId('tags-empty')).toHaveTextContent(
      'No tags yet. Create one here, or type one in the Tags field of an event',
    );
    await user.click(screen.getByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.type(within(dialog).getByLabelText('Name'), 'Links golf');
    await user.type(within(dialog).getByLabelText('Or type one'), 'blue');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A colour is #rrggbb')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/tags')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Or type one'));
    await user.type(within(dialog).getByLabelText('Or type one'), '#1B4D2E');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/tags')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /v4/tags')[0]!.url.searchParams.has('tag_id')).toBe(false);
    expect(postedBody(fetchMock)).toEqual({ name: 'Links golf', colour: '#1B4D2E', usershares: [], orgshares: [] });
  });

  it('shares a tag with organisations and people, each at view', async () => {
    const fetchMock = renderPage({ 'GET /v4/tags': { json: { tags: [COLLEGE] } }, 'POST /v4/tags': echoTag });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share College season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share the tag "College season"' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Everyone in Holeout Academy' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Robin Coach' }));
    await user.selectOptions(within(dialog).getByLabelText('Add a person'), '11');
    expect(within(dialog).getByRole('checkbox', { name: 'Omar Teammate' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save sharing' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/tags')).toHaveLength(1));
    expect(postedBody(fetchMock)).toEqual({
      name: 'College season',
      colour: '#206bb6',
      usershares: [{ uid: 11, permissions: 0 }],
      orgshares: [{ org_id: 2, permissions: 0 }],
    });
  });

  it('deletes a tag only after confirming', async () => {
    const fetchMock = renderPage({ 'GET /v4/tags': { json: { tags: [COLLEGE, SWING] } }, 'DELETE /v4/tags': { json: { ok: true } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Swing change' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete tag' });
    expect(confirm).toHaveTextContent('Delete the tag "Swing change"? Its events stay.');
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter(Boolean),
    ).toEqual(['Cancel', 'Delete']);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE /v4/tags')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Swing change' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete tag' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /v4/tags')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /v4/tags')[0]!.url.searchParams.get('tag_id')).toBe('2');
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    renderPage({
      'GET /v4/tags': () => (fail ? { status: 500, json: { error: 'Database down', code: 'INTERNAL' } } : { json: { tags: [COLLEGE] } }),
    });
    expect(await screen.findByText('Your tags could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'College season' })).toBeInTheDocument();
  });
});
