import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DANGER } from '../../../lib/theme.ts';

/** The product's wording, word for word: Unshare removes the caller from a drill shared with them. */
export const UNSHARE_DRILL_MESSAGE = 'Are you sure you want to remove yourself from this drill?';
/** The product's wording, word for word: Delete removes the owner's drill with its results. */
export const DELETE_DRILL_MESSAGE = 'Are you sure you want to delete this drill?';

/** Asks before the caller takes themself off a drill shared with them (Cancel, Unshare). */
export function confirmUnshareDrill(onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Unshare drill',
    children: <Text size="sm">{UNSHARE_DRILL_MESSAGE}</Text>,
    labels: { confirm: 'Unshare', cancel: 'Cancel' },
    onConfirm,
  });
}

/** Asks before the owner deletes a drill (Cancel, Delete); its results go with it. */
export function confirmDeleteDrill(onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Delete drill',
    children: (
      <>
        <Text size="sm">{DELETE_DRILL_MESSAGE}</Text>
        <Text size="sm" mt="xs">
          Every result recorded with it is deleted too.
        </Text>
      </>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: DANGER },
    onConfirm,
  });
}

/** Asks before a folder is deleted; its drills stay in the library, unfiled. */
export function confirmDeleteFolder(name: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Delete folder',
    children: <Text size="sm">Are you sure you want to delete the folder "{name}"? Its drills stay in your library, unfiled.</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: DANGER },
    onConfirm,
  });
}

/** Asks before a result is deleted. */
export function confirmDeleteResult(onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Delete result',
    children: <Text size="sm">Are you sure you want to delete this result?</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: DANGER },
    onConfirm,
  });
}
