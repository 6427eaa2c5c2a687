import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DownloadMyData, exportFileName } from './download-my-data.tsx';

let saved: { href: string; download: string }[] = [];

function api(routes: Routes) {
  const fetchMock = createFetchMock(routes);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  saved = [];
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export-1'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Download my data', () => {
  it('names the file by the date on the user clock', () => {
    expect(exportFileName(new Date(2026, 0, 9, 23, 30))).toBe('holeout-export-2026-01-09.zip');
  });

  it('fetches the export with the bearer token and hands the zip to the browser as holeout-export-<date>.zip', async () => {
    const fetchMock = api({ 'GET /v4/account/export': { text: 'PK\u0003\u0004zip' } });
    const user = userEvent.setup();
    renderWithProviders(<DownloadMyData />);
    expect(screen.getByText(/every round shot by shot/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/Your data is downloaded/)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET /v4/account/export');
    expect(new Headers(call!.init.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(saved).toEqual([{ href: 'blob:export-1', download: exportFileName() }]);
    const zip = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect((await zip.text()).startsWith('PK')).toBe(true);
  });

  it('says why when the export fails, and saves nothing', async () => {
    api({
      'GET /v4/account/export': { status: 503, json: { error: 'The export is busy; try again in a minute', code: 'SERVICE_UNAVAILABLE' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<DownloadMyData />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('The export is busy; try again in a minute')).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual([]));
  });
});
