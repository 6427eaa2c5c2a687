import { PERMISSIONS } from '@holeout/golf';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../lib/session/session.ts';
import { buildSettings, buildUser } from '../test/factories.ts';
import { createFetchMock } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ShareEditor, shareDraftOf, sharesOfDraft, type ShareDraft, type ShareLevel } from './share-editor.tsx';

const OWNER = 7;
const ITEM = {
  uid: OWNER,
  usershares: [
    { uid: OWNER, permissions: PERMISSIONS.OWNER },
    { uid: 9, permissions: PERMISSIONS.MODIFY },
  ],
  orgshares: [{ org_id: 2, permissions: PERMISSIONS.VIEW }],
};

const LEVELS: ShareLevel[] = [
  { value: String(PERMISSIONS.NONE), label: 'No access' },
  { value: String(PERMISSIONS.VIEW), label: 'View' },
  { value: String(PERMISSIONS.MODIFY), label: 'Modify' },
];
const VIEW_ONLY: ShareLevel[] = LEVELS.slice(0, 2);

function mockApi() {
  vi.stubGlobal(
    'fetch',
    createFetchMock({
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
    }),
  );
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser({ uid: OWNER }), settings: buildSettings() });
}

/** The editor inside a dialog-like holder that keeps its draft, as each share dialog does. */
function Holder({ levels, onDraft }: { levels: ShareLevel[]; onDraft: (draft: ShareDraft) => void }) {
  const [draft, setDraft] = useState<ShareDraft>(() => shareDraftOf(ITEM));
  return (
    <ShareEditor
      ownerUid={OWNER}
      value={draft}
      levels={levels}
      onChange={(next) => {
        setDraft(next);
        onDraft(next);
      }}
    />
  );
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('share drafts', () => {
  it("leave the owner's own entry out of the editing, and send it back only when asked", () => {
    const draft = shareDraftOf(ITEM);
    expect(draft).toEqual({ users: { 9: PERMISSIONS.MODIFY }, orgs: { 2: PERMISSIONS.VIEW } });
    const dropped = { ...draft, users: { ...draft.users, 11: PERMISSIONS.NONE } };
    expect(sharesOfDraft(dropped)).toEqual({ usershares: [{ uid: 9, permissions: 2 }], orgshares: [{ org_id: 2, permissions: 0 }] });
    expect(sharesOfDraft(dropped, ITEM).usershares).toEqual([
      { uid: OWNER, permissions: 3 },
      { uid: 9, permissions: 2 },
    ]);
    expect(shareDraftOf(null)).toEqual({ users: {}, orgs: {} });
  });
});

describe('ShareEditor', () => {
  it('with several levels: a select for each organisation and person, and an added person starts at View', async () => {
    mockApi();
    const onDraft = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Holder levels={LEVELS} onDraft={onDraft} />);
    const orgs = screen.getByRole('group', { name: 'Organisations' });
    await user.selectOptions(await within(orgs).findByRole('combobox', { name: 'Holeout Academy' }), 'Modify');
    const people = screen.getByRole('group', { name: 'People' });
    expect(await within(people).findByRole('combobox', { name: 'Robin Coach' })).toHaveValue('2');
    await user.selectOptions(within(people).getByRole('combobox', { name: /Add a person/ }), 'Omar Teammate');
    expect(within(people).getByRole('combobox', { name: 'Omar Teammate' })).toHaveValue('0');
    expect(onDraft).toHaveBeenLastCalledWith({ users: { 9: 2, 11: 0 }, orgs: { 2: 2 } });
  });

  it('with View alone: checkboxes; unticking a person takes them off, and they can be added again', async () => {
    mockApi();
    const onDraft = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Holder levels={VIEW_ONLY} onDraft={onDraft} />);
    const academy = await screen.findByRole('checkbox', { name: 'Everyone in Holeout Academy' });
    expect(academy).toBeChecked();
    await user.click(academy);
    expect(academy).not.toBeChecked();
    await user.click(await screen.findByRole('checkbox', { name: 'Robin Coach' }));
    expect(screen.queryByRole('checkbox', { name: 'Robin Coach' })).toBeNull();
    expect(onDraft).toHaveBeenLastCalledWith({ users: {}, orgs: { 2: PERMISSIONS.NONE } });
    await user.selectOptions(screen.getByLabelText('Add a person'), 'Robin Coach (coach)');
    expect(screen.getByRole('checkbox', { name: 'Robin Coach' })).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Robin Coach' })).toBeNull();
  });
});
