import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { folderBody, type FolderResponse } from '@holeout/contracts';
import { PERMISSIONS } from '@holeout/golf';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { personName, usePeople } from '../../../lib/people.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useSaveFolder } from '../api/drills.ts';
import { useShareOrgs } from '../../../lib/share-orgs.ts';

/** Who an item is shared with while a dialog edits it: permission by uid and by org_id (NONE drops a share). */
export interface ShareDraft {
  users: Record<number, number>;
  orgs: Record<number, number>;
}

interface Shared {
  uid: number;
  usershares: readonly { uid: number; permissions: number }[];
  orgshares: readonly { org_id: number; permissions: number }[];
}

/** The shares of a folder or drill as the dialog edits them; the owner's own entry is not edited. */
export function shareDraftOf(item: Shared | null): ShareDraft {
  if (!item) return { users: {}, orgs: {} };
  return {
    users: Object.fromEntries(item.usershares.filter((share) => share.uid !== item.uid).map((share) => [share.uid, share.permissions])),
    orgs: Object.fromEntries(item.orgshares.map((share) => [share.org_id, share.permissions])),
  };
}

/** The shares to send: every entry above NONE, and the owner's own entry as it was. */
export function sharesOfDraft(
  draft: ShareDraft,
  item: Shared | null,
): { usershares: { uid: number; permissions: number }[]; orgshares: { org_id: number; permissions: number }[] } {
  const owner = item ? item.usershares.filter((share) => share.uid === item.uid) : [];
  return {
    usershares: [
      ...owner,
      ...Object.entries(draft.users)
        .filter(([, permissions]) => permissions > PERMISSIONS.NONE)
        .map(([uid, permissions]) => ({ uid: Number(uid), permissions })),
    ],
    orgshares: Object.entries(draft.orgs)
      .filter(([, permissions]) => permissions > PERMISSIONS.NONE)
      .map(([orgId, permissions]) => ({ org_id: Number(orgId), permissions })),
  };
}

const PERMISSION_CHOICES = [
  { value: String(PERMISSIONS.NONE), label: 'No access' },
  { value: String(PERMISSIONS.VIEW), label: 'View' },
  { value: String(PERMISSIONS.ADD), label: 'Add' },
  { value: String(PERMISSIONS.MODIFY), label: 'Modify' },
];

/**
 * The organisations and people an item is shared with, each with View, Add or Modify; a person is
 * added from GET /people. Used by the folder and the drill share dialogs.
 */
export function ShareEditor({
  ownerUid,
  value,
  onChange,
  help,
}: {
  ownerUid: number;
  value: ShareDraft;
  onChange: (next: ShareDraft) => void;
  help: string;
}) {
  const orgs = useShareOrgs();
  const people = usePeople();
  const id = useId();
  const sharedUsers = Object.keys(value.users).map(Number);
  const nameOf = (uid: number) => personName(people.data?.people.find((person) => person.uid === uid));
  const addable = (people.data?.people ?? []).filter((person) => person.uid !== ownerUid && !(person.uid in value.users));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {help}
      </Text>
      <Stack gap="xs" role="group" aria-labelledby={`${id}-orgs`}>
        <Text id={`${id}-orgs`} fw={600} size="sm">
          Organisations
        </Text>
        {orgs.isPending && <Loader size="sm" aria-label="Loading organisations" />}
        {orgs.isError && <Text size="sm">Your organisations could not be loaded.</Text>}
        {orgs.data?.length === 0 && <Text size="sm">You belong to no organisation.</Text>}
        {orgs.data?.map((org) => (
          <NativeSelect
            key={org.org_id}
            label={org.name}
            size="md"
            data={PERMISSION_CHOICES}
            value={String(value.orgs[org.org_id] ?? PERMISSIONS.NONE)}
            onChange={(e) => onChange({ ...value, orgs: { ...value.orgs, [org.org_id]: Number(e.currentTarget.value) } })}
          />
        ))}
      </Stack>
      <Stack gap="xs" role="group" aria-labelledby={`${id}-people`}>
        <Text id={`${id}-people`} fw={600} size="sm">
          People
        </Text>
        {sharedUsers.length === 0 && <Text size="sm">Not shared with anyone by name.</Text>}
        {sharedUsers.map((uid) => (
          <NativeSelect
            key={uid}
            label={nameOf(uid)}
            size="md"
            data={PERMISSION_CHOICES}
            value={String(value.users[uid] ?? PERMISSIONS.NONE)}
            onChange={(e) => onChange({ ...value, users: { ...value.users, [uid]: Number(e.currentTarget.value) } })}
          />
        ))}
        {addable.length > 0 && (
          <NativeSelect
            label="Add a person"
            description="Someone you share an organisation or an item with; they start with View"
            size="md"
            data={[
              { value: '', label: 'Choose a person' },
              ...addable.map((person) => ({
                value: String(person.uid),
                label: `${personName(person)}${person.is_coach ? ' (coach)' : ''}`,
              })),
            ]}
            value=""
            onChange={(e) => {
              const uid = Number(e.currentTarget.value);
              if (uid > 0) onChange({ ...value, users: { ...value.users, [uid]: PERMISSIONS.VIEW } });
            }}
          />
        )}
        {people.isError && <Text size="sm">The people you can share with could not be loaded.</Text>}
      </Stack>
    </Stack>
  );
}

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
