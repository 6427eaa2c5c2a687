import type { DrillResponse, FolderResponse } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes as ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import DrillsPage from './drills-page.tsx';

function buildDrill(overrides: Partial<DrillResponse> = {}): DrillResponse {
  return {
    drill_id: 5,
    uid: 7,
    folder_id: 3,
    title: 'Gate drill',
    description: 'Ten putts through a tee gate from 4 ft.',
    category: 'shortPutts',
    fields: [
      { type: 'NUMBER', key: 'made', label: 'Putts made of 10', required: true, min: 0, max: 10, step: 1, unit: null },
      { type: 'SELECT', key: 'green', label: 'Green speed', required: false, options: ['slow', 'medium', 'fast'] },
    ],
    score_field: 'made',
    higher_is_better: true,
    usershares: [],
    orgshares: [],
    permissions: 3,
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

function buildFolder(overrides: Partial<FolderResponse> = {}): FolderResponse {
  return { folder_id: 3, uid: 7, name: 'Putting', usershares: [], orgshares: [], permissions: 3, drills: 1, ...overrides };
}

const LIBRARY = {
  folders: [buildFolder(), buildFolder({ folder_id: 4, uid: 9, name: 'Academy drills', permissions: 0 })],
  drills: [
    buildDrill(),
    buildDrill({
      drill_id: 6,
      folder_id: null,
      title: 'Ladder',
      description: 'Lag to the fringe',
      category: 'longPutts',
      score_field: null,
    }),
    buildDrill({
      drill_id: 8,
      uid: 9,
      folder_id: 4,
      title: 'Bunker nine',
      description: 'Nine splashes',
      category: 'sandChips',
      permissions: 0,
    }),
  ],
};

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPage(routes: ApiRoutes = {}, { premium = true } = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/drills': { json: { drills: LIBRARY.drills } },
    'GET /v4/folders': { json: { folders: LIBRARY.folders } },
    'GET /v4/people': {
      json: {
        people: [
          { uid: 9, first_name: 'Robin', last_name: 'Coach', is_coach: true },
          { uid: 11, first_name: 'Omar', last_name: 'Teammate', is_coach: false },
        ],
      },
    },
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
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser(),
    settings: buildSettings(),
    subscription: premium ? buildSubscription() : null,
    subscriptionLoaded: true,
  });
  renderWithProviders(
    <Routes>
      <Route path="/drills" element={<DrillsPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/drills' },
  );
  return fetchMock;
}

const folderSection = (name: string) => screen.getByRole('region', { name });
const bodyOf = (fetchMock: ReturnType<typeof createFetchMock>, key: string, index = 0) =>
  JSON.parse(String(callsTo(fetchMock, key)[index]!.init.body));

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Drills page', () => {
  it('lists the library by folder, with Unfiled last, categories in words, who shared, and links to each drill', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Drills' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Putting' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Academy drills',
      'Putting',
      'Unfiled',
    ]);

    const putting = folderSection('Putting');
    expect(within(putting).getByRole('link', { name: 'Gate drill' })).toHaveAttribute('href', '/drill?drill_id=5');
    expect(within(putting).getByText('Short putts')).toBeInTheDocument();
    expect(within(putting).getByText('2 fields · Score: Putts made of 10, higher is better')).toBeInTheDocument();

    const academy = folderSection('Academy drills');
    expect(within(academy).getByText(/1 drill · Shared by Robin Coach/)).toBeInTheDocument();
    const bunker = within(academy).getByTestId('drill-card');
    expect(bunker).toHaveTextContent('Greenside bunkers');
    expect(bunker).toHaveTextContent('Shared by Robin Coach');

    const unfiled = folderSection('Unfiled');
    expect(within(unfiled).getByRole('link', { name: 'Ladder' })).toHaveAttribute('href', '/drill?drill_id=6');
    expect(within(unfiled).getByText('Lag putts')).toBeInTheDocument();
    expect(within(unfiled).queryByText('Shared by', { exact: false })).toBeNull();
  });

  it('searches title, description and category', async () => {
    const user = userEvent.setup();
    renderPage();
    const search = await screen.findByRole('searchbox', { name: 'Search drills' });
    await user.type(search, 'bunkers');
    expect(screen.getByRole('status')).toHaveTextContent('1 drill matches.');
    expect(screen.getAllByTestId('drill-card').map((card) => within(card).getAllByRole('link')[0]!.textContent)).toEqual(['Bunker nine']);
    expect(screen.queryByRole('heading', { name: 'Putting' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'fringe');
    expect(screen.getAllByTestId('drill-card')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ladder' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'gate');
    expect(screen.getByRole('link', { name: 'Gate drill' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'chipping');
    expect(screen.getByRole('status')).toHaveTextContent('No drill matches "chipping".');
    expect(screen.queryAllByTestId('drill-card')).toHaveLength(0);
  });

  it('creates a drill from the field builder: keys from labels, options, the score and its direction', async () => {
    const fetchMock = renderPage({
      'POST /v4/drills': ({ init }) => ({ json: buildDrill({ ...JSON.parse(String(init.body)), drill_id: 41 }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New drill' }));
    const dialog = await screen.findByRole('dialog', { name: 'New drill' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Clock drill');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'midPutts');
    // Only the folders the caller may add to are offered.
    const folder = within(dialog).getByRole('combobox', { name: 'Folder' });
    expect(
      within(folder)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Unfiled', 'Putting']);
    await user.selectOptions(folder, '3');

    const first = within(dialog).getByRole('group', { name: 'Field 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Label' }), 'Strokes taken');
    expect(within(first).getByRole('textbox', { name: 'Key' })).toHaveValue('strokes_taken');
    await user.type(within(first).getByRole('textbox', { name: 'Lowest' }), '8');
    await user.type(within(first).getByRole('textbox', { name: 'Step' }), '1');
    await user.click(within(first).getByRole('checkbox', { name: /Required/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Add a field' }));
    const second = within(dialog).getByRole('group', { name: 'Field 2' });
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Type' }), 'SELECT');
    await user.type(within(second).getByRole('textbox', { name: 'Label' }), 'Green speed');
    await user.type(within(second).getByRole('textbox', { name: 'Key' }), '_x');
    await user.type(within(second).getByRole('combobox', { name: /Options/ }), 'slow{Enter}fast{Enter}');

    await user.click(within(dialog).getByRole('button', { name: 'Add a field' }));
    const third = within(dialog).getByRole('group', { name: 'Field 3' });
    await user.selectOptions(within(third).getByRole('combobox', { name: 'Type' }), 'TOGGLE');
    await user.type(within(third).getByRole('textbox', { name: 'Label' }), 'Windy');
    // Reorder: Windy goes above Green speed.
    await user.click(within(third).getByRole('button', { name: 'Move field 3 up' }));

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Score' }), 'Strokes taken');
    await user.click(within(dialog).getByRole('radio', { name: 'Lower is better' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create drill' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/drill?drill_id=41'));
    expect(bodyOf(fetchMock, 'POST /v4/drills')).toEqual({
      title: 'Clock drill',
      description: '',
      category: 'midPutts',
      folder_id: 3,
      fields: [
        { type: 'NUMBER', key: 'strokes_taken', label: 'Strokes taken', required: true, min: 8, max: null, step: 1, unit: null },
        { type: 'TOGGLE', key: 'windy', label: 'Windy', required: false },
        { type: 'SELECT', key: 'green_speed_x', label: 'Green speed', required: false, options: ['slow', 'fast'] },
      ],
      score_field: 'strokes_taken',
      higher_is_better: false,
    });
  });

  it('checks the drill before sending, then shows the reasons the API gives beside the form', async () => {
    const fetchMock = renderPage({
      'POST /v4/drills': {
        status: 400,
        json: {
          error: 'fields.0.max: The highest value is below the lowest',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'fields.0.max', message: 'The highest value is below the lowest', in: 'body' }],
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New drill' }));
    const dialog = await screen.findByRole('dialog', { name: 'New drill' });
    const first = within(dialog).getByRole('group', { name: 'Field 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Lowest' }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create drill' }));
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('A title is needed');
    expect(within(first).getByText('Give a number, or leave it empty')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Title: A title is needed');
    expect(callsTo(fetchMock, 'POST /v4/drills')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Gate');
    await user.type(within(first).getByRole('textbox', { name: 'Label' }), 'Made');
    await user.clear(within(first).getByRole('textbox', { name: 'Lowest' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create drill' }));
    expect(await within(first).findByText('The highest value is below the lowest')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Field 1 (Made): The highest value is below the lowest');
    expect(callsTo(fetchMock, 'POST /v4/drills')).toHaveLength(1);
  });

  it("Unshare and Delete ask in the product's exact words, and call the API only after confirming", async () => {
    const fetchMock = renderPage({ 'GET /v4/drills/unshare': { json: { ok: true } }, 'DELETE /v4/drills': { json: { ok: true } } });
    const user = userEvent.setup();
    const openActions = async (title: string) => {
      await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
      return screen.findByRole('menu', { name: `Actions for ${title}` });
    };

    // Shared with the caller (VIEW): Unshare, but no Edit or Delete.
    let menu = await openActions('Bunker nine');
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Unshare' }));
    const unshare = await screen.findByRole('dialog', { name: 'Unshare drill' });
    expect(unshare).toHaveTextContent('Are you sure you want to remove yourself from this drill?');
    expect(
      within(unshare)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter(Boolean),
    ).toEqual(['Cancel', 'Unshare']);
    expect(callsTo(fetchMock, 'GET /v4/drills/unshare')).toHaveLength(0);
    await user.click(within(unshare).getByRole('button', { name: 'Unshare' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/drills/unshare')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /v4/drills/unshare')[0]!.url.searchParams.get('drill_id')).toBe('8');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The owner's: Delete, but no Unshare; Cancel changes nothing.
    menu = await openActions('Gate drill');
    expect(within(menu).queryByRole('menuitem', { name: 'Unshare' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete drill' });
    expect(remove).toHaveTextContent('Are you sure you want to delete this drill?');
    expect(
      within(remove)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter(Boolean),
    ).toEqual(['Cancel', 'Delete']);
    await user.click(within(remove).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /v4/drills')).toHaveLength(0);

    menu = await openActions('Gate drill');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete drill' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /v4/drills')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /v4/drills')[0]!.url.searchParams.get('drill_id')).toBe('5');
  });

  it('creates a folder shared with an organisation and a person', async () => {
    const fetchMock = renderPage({
      'POST /v4/folders': ({ init }) => ({ json: buildFolder({ ...JSON.parse(String(init.body)), folder_id: 12 }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Wedges');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Holeout Academy' }), 'View');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Add a person/ }), 'Omar Teammate');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Omar Teammate' }), 'Add');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New folder' })).toBeNull());
    expect(bodyOf(fetchMock, 'POST /v4/folders')).toEqual({
      name: 'Wedges',
      usershares: [{ uid: 11, permissions: 1 }],
      orgshares: [{ org_id: 2, permissions: 0 }],
    });
    expect(callsTo(fetchMock, 'POST /v4/folders')[0]!.url.searchParams.get('folder_id')).toBeNull();
  });

  it('shares a drill: the whole drill is saved with its new shares', async () => {
    const fetchMock = renderPage({ 'POST /v4/drills': ({ init }) => ({ json: buildDrill(JSON.parse(String(init.body))) }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Gate drill' }));
    await user.click(within(await screen.findByRole('menu', { name: 'Actions for Gate drill' })).getByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Gate drill' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Add a person/ }), 'Robin Coach (coach)');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Robin Coach' }), 'Modify');
    await user.click(within(dialog).getByRole('button', { name: 'Save sharing' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/drills')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /v4/drills')[0]!.url.searchParams.get('drill_id')).toBe('5');
    expect(bodyOf(fetchMock, 'POST /v4/drills')).toMatchObject({
      title: 'Gate drill',
      folder_id: 3,
      score_field: 'made',
      usershares: [{ uid: 9, permissions: 2 }],
      orgshares: [],
    });
  });

  it('says what to do when the library is empty', async () => {
    renderPage({ 'GET /v4/drills': { json: { drills: [] } }, 'GET /v4/folders': { json: { folders: [] } } });
    const empty = await screen.findByTestId('drills-empty');
    expect(empty).toHaveTextContent('No drills yet');
    expect(within(empty).getByRole('link', { name: 'calendar' })).toHaveAttribute('href', '/calendar');
    expect(screen.getByRole('button', { name: 'New drill' })).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    renderPage({
      'GET /v4/drills': () =>
        fail ? { status: 500, json: { error: 'Database down', code: 'INTERNAL' } } : { json: { drills: LIBRARY.drills } },
    });
    expect(await screen.findByText('Your drills could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Gate drill' })).toBeInTheDocument();
  });
});
