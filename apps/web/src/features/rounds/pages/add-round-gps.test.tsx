import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { buildEvent, buildSettings, buildUser } from '../../../test/factories.ts';
import { renderApp } from '../../../test/render.tsx';
import { resetRoundService } from '../components/round-service.ts';

/** The browser's geolocation, answering whatever position the test stands at. */
const here = { lat: 0, lon: 0, accuracy: 5 };
const fakeGeolocation = {
  getCurrentPosition: (success: (position: { coords: { latitude: number; longitude: number; accuracy: number } }) => void) =>
    success({ coords: { latitude: here.lat, longitude: here.lon, accuracy: here.accuracy } }),
};

function standAt(lat: number, lon: number, accuracy = 5) {
  Object.assign(here, { lat, lon, accuracy });
}

const savedEvent = buildEvent({ event_id: 78 });

const result = () => within(screen.getByRole('group', { name: 'Result' }));
const shotsList = () => screen.getByRole('list', { name: 'Shots on this hole' });

beforeEach(() => {
  resetRoundService();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  Object.defineProperty(navigator, 'geolocation', { value: fakeGeolocation, configurable: true });
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings({ units: 'FEET_YARDS' }) });
});

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
  localStorage.clear();
});

describe('Add Round on the course', () => {
  it('keeps positions, fills the distances when the pin is marked, and sends only the distances', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/events': { json: savedEvent }, 'GET /v4/events': { json: { events: [savedEvent] } } });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 4' }));

    // 0.001° of latitude is 111.195 m = 121.6 yd (1 m = 1.0936 yd).
    standAt(0, 0);
    await user.click(screen.getByRole('button', { name: "I'm at my ball" }));
    expect(screen.getByRole('button', { name: 'Position kept for shot 1' })).toBeInTheDocument();
    await user.click(result().getByRole('button', { name: 'Fairway' }));
    expect(shotsList()).toHaveTextContent('Tee distance when the pin is marked → Fairway');
    // The round is on GPS: the result itself keeps where it is tapped.
    standAt(0.002, 0);
    await user.click(result().getByRole('button', { name: 'Green' }));
    standAt(0.004, 0);
    await user.click(await screen.findByRole('button', { name: "I'm at the pin" }));
    // 444.78 m = 486.4 yd; 222.39 m = 243.2 yd.
    await waitFor(() => expect(shotsList()).toHaveTextContent('Tee 486 yd → Fairway'));
    expect(shotsList()).toHaveTextContent('Fairway 243 yd → Green');

    // A fix good only to 40 m asks first; typing instead leaves the field to the golfer.
    standAt(0.00395, 0, 40);
    await user.click(result().getByRole('button', { name: 'Green' }));
    expect(await screen.findByTestId('doubtful-fix')).toHaveTextContent('Your position is only good to within 40 m');
    await user.click(screen.getByRole('button', { name: 'Type the distance' }));
    expect(screen.queryByTestId('doubtful-fix')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Distance' }), '20');
    await user.click(result().getByRole('button', { name: 'Green' }));
    // With the pin known a putt is measured at once: 0.00001° = 1.11 m = 3.6 ft.
    standAt(0.00399, 0);
    await user.click(result().getByRole('button', { name: 'Holed' }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Hole 2/ })).toBeInTheDocument();

    expect(screen.getByRole('switch', { name: 'Keep shot positions with the round' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save round' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body)) as { round: { holes: unknown[] } };
    expect(body.round.holes).toEqual([
      {
        hole: 1,
        par: 4,
        shots: [
          { from: 'T', dist: 486, to: 'F' },
          { from: 'F', dist: 243, to: 'G' },
          { from: 'G', dist: 20, to: 'G' },
          { from: 'G', dist: 4, to: 'I' },
        ],
      },
    ]);
  });

  it('sends the positions and the pin when the golfer keeps them', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/events': { json: savedEvent }, 'GET /v4/events': { json: { events: [savedEvent] } } });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderApp('/scanner');
    await user.click(await screen.findByRole('button', { name: 'Par 3' }));
    standAt(56.34, -2.8);
    await user.click(screen.getByRole('button', { name: "I'm at my ball" }));
    await user.click(result().getByRole('button', { name: 'Holed' }));
    standAt(56.3415, -2.8);
    await user.click(await screen.findByRole('button', { name: 'Mark the pin of hole 1' }));
    await user.click(screen.getByRole('switch', { name: 'Keep shot positions with the round' }));
    await user.click(screen.getByRole('button', { name: 'Save round' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body)) as { round: { holes: unknown[] } };
    // 0.0015° = 166.79 m = 182.4 yd.
    expect(body.round.holes).toEqual([
      { hole: 1, par: 3, shots: [{ from: 'T', dist: 182, to: 'I', lat: 56.34, lon: -2.8 }], pin: { lat: 56.3415, lon: -2.8 } },
    ]);
  });
});
