import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ImportRoundsButton } from './import-rounds-button.tsx';

const CSV = 'event_id,date,course,hole,par,shot,start_lie,start_dist,end_lie,end_dist\n1,2026-05-01,Links,1,3,1,TEE,150,GREEN,10\n';

function api(routes: Routes) {
  const fetchMock = createFetchMock(routes);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
});

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function chooseAndImport(queryClient?: QueryClient) {
  const user = userEvent.setup();
  renderWithProviders(<ImportRoundsButton />, queryClient ? { queryClient } : {});
  await user.click(screen.getByRole('button', { name: 'Import rounds' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import rounds' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File([CSV], 'rounds.csv', { type: 'text/csv' }));
  await user.click(within(dialog).getByRole('button', { name: 'Import' }));
  return dialog;
}

describe('Import rounds', () => {
  it('uploads the file in the multipart field file, says how many rounds came in and refreshes the events', async () => {
    const fetchMock = api({ 'POST /v4/rounds/import': { json: { imported: 2, event_ids: [501, 502] } } });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = await chooseAndImport(queryClient);
    expect(await within(dialog).findByText('2 rounds imported: they are in your events.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /v4/rounds/import');
    const form = call!.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const file = form.get('file') as File;
    expect(file.name).toBe('rounds.csv');
    expect(await file.text()).toBe(CSV);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['events', 'list'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['stats'] });
  });

  it('lists every problem of a refused file by row and column', async () => {
    api({
      'POST /v4/rounds/import': {
        status: 400,
        json: {
          error: 'The file has 3 problems',
          code: 'VALIDATION_ERROR',
          details: [
            { row: 0, column: 'score', message: "unknown column 'score'" },
            { row: 3, column: 'par', message: "'x' is not a whole number of 1 or more" },
            { row: 4, column: null, message: 'hole 2 has no holed shot' },
          ],
        },
      },
    });
    const dialog = await chooseAndImport();
    const list = await within(dialog).findByRole('list', { name: 'Problems in the file' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Header row, column score: unknown column 'score'",
      "Row 3, column par: 'x' is not a whole number of 1 or more",
      'Row 4: hole 2 has no holed shot',
    ]);
    expect(within(dialog).getByText('Nothing was imported: fix these in the file and import it again')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText(/rounds imported/)).toBeNull());
  });
});
