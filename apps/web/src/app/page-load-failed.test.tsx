import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { lazyPage } from './router.tsx';

function Loaded() {
  return createElement('h1', null, 'The page itself');
}

afterEach(() => vi.restoreAllMocks());

async function resolveRoute(load: () => Promise<{ default: ComponentType }>): Promise<ComponentType> {
  const route = await lazyPage(load)();
  return route.Component;
}

describe('a page whose code cannot be loaded offline', () => {
  it('shows the offline notice instead of an error or a reload, and "Try again" loads it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const load = vi
      .fn<() => Promise<{ default: ComponentType }>>()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const Component = await resolveRoute(load);
    renderWithProviders(createElement(Component));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    online.mockReturnValue(true);
    load.mockResolvedValue({ default: Loaded });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The page itself' })).toBeInTheDocument();
    expect(screen.queryByText('You are offline')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('"Try again" while still offline keeps the notice', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi
      .fn<() => Promise<{ default: ComponentType }>>()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const Component = await resolveRoute(load);
    renderWithProviders(createElement(Component));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
  });
});
