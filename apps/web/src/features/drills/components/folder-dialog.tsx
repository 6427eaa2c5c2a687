import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { folderBody, type FolderResponse } from '@holeout/contracts';
import { PERMISSIONS } from '@holeout/golf';
import { useState, type FormEvent } from 'react';
import { ShareEditor, shareDraftOf, sharesOfDraft, type ShareDraft, type ShareLevel } from '../../../components/share-editor.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useSaveFolder } from '../api/drills.ts';

/** What a folder or a drill can grant: View (see it), Add (add drills to a folder, use a drill in practices), Modify (edit). */
export const DRILL_SHARE_LEVELS: readonly ShareLevel[] = [
  { value: String(PERMISSIONS.NONE), label: 'No access' },
  { value: String(PERMISSIONS.VIEW), label: 'View' },
  { value: String(PERMISSIONS.ADD), label: 'Add' },
  { value: String(PERMISSIONS.MODIFY), label: 'Modify' },
];

/** A failed save in words beside the form: the API's reasons by field when it gave them. */
export function saveProblems(cause: unknown): string[] {
  if (cause instanceof ApiError && Array.isArray(cause.details) && cause.details.length > 0) {
    return (cause.details as unknown[]).flatMap((detail) => {
      if (typeof detail !== 'object' || detail === null) return [];
      const { field, message } = detail as { field?: unknown; message?: unknown };
      if (typeof message !== 'string') return [];
      return [typeof field === 'string' && field !== '' && field !== 'body' ? `${field}: ${message}` : message];
    });
  }
  return [cause instanceof Error ? cause.message : 'The save failed. Try again.'];
}

/**
 * Create a folder (folder null), or rename and share one (its owner): the name, and the
 * organisations and people it is shared with. A drill in the folder follows its shares unless the
 * drill has its own.
 */
export function FolderDialog({
  folder,
  ownerUid,
  onClose,
  onSaved,
}: {
  folder: FolderResponse | null;
  ownerUid: number;
  onClose: () => void;
  onSaved?: (folder: FolderResponse) => void;
}) {
  const [name, setName] = useState(folder?.name ?? '');
  const [shares, setShares] = useState<ShareDraft>(() => shareDraftOf(folder));
  const [nameError, setNameError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveFolder();

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const parsed = folderBody.safeParse({ name, ...sharesOfDraft(shares, folder) });
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((issue) => issue.path[0] === 'name');
      setNameError(nameIssue?.message ?? null);
      setProblems(parsed.error.issues.filter((issue) => issue.path[0] !== 'name').map((issue) => issue.message));
      return;
    }
    setNameError(null);
    setProblems([]);
    save.mutate(
      { folderId: folder?.folder_id ?? null, body: parsed.data },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError: (cause) => setProblems(saveProblems(cause)),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={folder ? 'Rename and share folder' : 'New folder'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            size="md"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            required
          />
          <ShareEditor
            ownerUid={folder?.uid ?? ownerUid}
            value={shares}
            onChange={setShares}
            levels={DRILL_SHARE_LEVELS}
            help="The drills in this folder are shared with these organisations and people, unless a drill has shares of its own. View: see them; Add: also add drills to the folder; Modify: also edit them."
          />
          {problems.length > 0 && (
            <Alert color={DANGER} variant="light" title="The folder was not saved" role="alert">
              <Stack gap={4}>
                {problems.map((problem) => (
                  <Text key={problem} size="sm">
                    {problem}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" h={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" h={44} loading={save.isPending}>
              {folder ? 'Save folder' : 'Create folder'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
