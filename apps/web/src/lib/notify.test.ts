import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineToaster, TOAST_DURATION_MS } from './notify.ts';

afterEach(() => vi.restoreAllMocks());

describe('toasts', () => {
  it('every toast closes itself after 3000 ms', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('toast-1');
    mantineToaster.show('Error connecting to the internet', 'error');
    mantineToaster.show('Profile saved', 'success');
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(show).toHaveBeenCalledTimes(2);
    for (const [toast] of show.mock.calls) expect(toast.autoClose).toBe(3000);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ message: 'Error connecting to the internet', color: 'red' });
  });
});
