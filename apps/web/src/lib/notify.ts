import { notifications } from '@mantine/notifications';

/** Toasts last 3 seconds (spec section 9). */
export const TOAST_DURATION_MS = 3000;

export type ToastKind = 'error' | 'success' | 'info';

export interface Toaster {
  show(message: string, kind?: ToastKind): void;
}

const colours: Record<ToastKind, string> = { error: 'red', success: 'green', info: 'blue' };

/** Mantine notifications as the app's toasts. */
export const mantineToaster: Toaster = {
  show(message, kind = 'info') {
    notifications.show({ message, color: colours[kind], autoClose: TOAST_DURATION_MS, withBorder: true });
  },
};
