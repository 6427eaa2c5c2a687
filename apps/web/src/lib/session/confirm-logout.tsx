import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { session } from './session.ts';

export const LOGOUT_CONFIRM = {
  title: 'Log Out',
  message: 'Are you sure you want to log out?',
  cancel: 'Cancel',
  confirm: 'Yes',
} as const;

/** Asks before logging out (title Log Out, Cancel and Yes); Yes logs out and goes to the login page. */
export function confirmLogout(): void {
  modals.openConfirmModal({
    title: LOGOUT_CONFIRM.title,
    children: <Text size="sm">{LOGOUT_CONFIRM.message}</Text>,
    labels: { confirm: LOGOUT_CONFIRM.confirm, cancel: LOGOUT_CONFIRM.cancel },
    onConfirm: () => {
      void session.logoutToLogin();
    },
  });
}
