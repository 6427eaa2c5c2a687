import { notifications } from '@mantine/notifications';

/** Every toast closes itself after 3 seconds. */
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
