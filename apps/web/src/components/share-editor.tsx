/**
 * Who an item is shared with, as every share dialog edits it (events, drills, drill folders and
 * tags): each of the caller's organisations and each person named, with the access they get, and
 * a person added from GET /people (the people the caller shares an organisation or an item with).
 */
import { Checkbox, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { PERMISSIONS } from '@holeout/golf';
import { useId, type ReactNode } from 'react';
import { personName, usePeople } from '../lib/people.ts';
import { useShareOrgs } from '../lib/share-orgs.ts';

/** The shares while a dialog edits them: permission by uid and by org_id (NONE drops a share when saved). */
export interface ShareDraft {
  users: Record<number, number>;
  orgs: Record<number, number>;
}

/** An item as the API answers it: its owner and its shares. */
export interface SharedItem {
  uid: number;
  usershares: readonly { uid: number; permissions: number }[];
  orgshares: readonly { org_id: number; permissions: number }[];
}

/** One option of a share: the permission (as the select's value) and its name. */
export interface ShareLevel {
  value: string;
  label: string;
}

/** The shares of an item as the dialog edits them; the owner's own entry is not edited. */
export function shareDraftOf(item: SharedItem | null): ShareDraft {
  if (!item) return { users: {}, orgs: {} };
  return {
    users: Object.fromEntries(item.usershares.filter((share) => share.uid !== item.uid).map((share) => [share.uid, share.permissions])),
    orgs: Object.fromEntries(item.orgshares.map((share) => [share.org_id, share.permissions])),
  };
}

/**
 * The shares to send: every entry above NONE. With `keepOwnerOf` the owner's own entry goes back
 * as it was (drills and folders carry it; events and tags are sent without it).
 */
export function sharesOfDraft(
  draft: ShareDraft,
  keepOwnerOf: SharedItem | null = null,
): { usershares: { uid: number; permissions: number }[]; orgshares: { org_id: number; permissions: number }[] } {
  const owner = keepOwnerOf ? keepOwnerOf.usershares.filter((share) => share.uid === keepOwnerOf.uid) : [];
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

const ADD_PERSON_HINT = 'Someone you share an organisation or an item with';

/**
 * The organisations and people an item is shared with. `levels` are the options of each share,
 * No access first: with more than one level above it, each organisation and person gets a select
 * and an added person starts at View; with View alone (a tag), each is a checkbox, and unticking a
 * person takes them off the list.
 */
export function ShareEditor({
  ownerUid,
  value,
  onChange,
  levels,
  help,
}: {
  ownerUid: number;
  value: ShareDraft;
  onChange: (next: ShareDraft) => void;
  levels: readonly ShareLevel[];
  help?: ReactNode;
}) {
  const orgs = useShareOrgs();
  const people = usePeople();
  const id = useId();
  const viewOnly = levels.filter((level) => Number(level.value) > PERMISSIONS.NONE).length === 1;
  const sharedUsers = Object.keys(value.users).map(Number);
  const nameOf = (uid: number) => personName(people.data?.people.find((person) => person.uid === uid));
  const addable = (people.data?.people ?? []).filter((person) => person.uid !== ownerUid && !(person.uid in value.users));
  const setOrg = (orgId: number, permissions: number) => onChange({ ...value, orgs: { ...value.orgs, [orgId]: permissions } });
  const setUser = (uid: number, permissions: number) => onChange({ ...value, users: { ...value.users, [uid]: permissions } });
  const dropUser = (uid: number) =>
    onChange({ ...value, users: Object.fromEntries(Object.entries(value.users).filter(([key]) => Number(key) !== uid)) });
  const isShared = (permissions: number | undefined) => (permissions ?? PERMISSIONS.NONE) > PERMISSIONS.NONE;

  return (
    <Stack gap="sm">
      {help && (
        <Text size="sm" c="dimmed">
          {help}
        </Text>
      )}
      <Stack gap="xs" role="group" aria-labelledby={`${id}-orgs`}>
        <Text id={`${id}-orgs`} fw={600} size="sm">
          Organisations
        </Text>
        {orgs.isPending && <Loader size="sm" aria-label="Loading organisations" />}
        {orgs.isError && <Text size="sm">Your organisations could not be loaded.</Text>}
        {orgs.data?.length === 0 && <Text size="sm">You belong to no organisation.</Text>}
        {orgs.data?.map((org) =>
          viewOnly ? (
            <Checkbox
              key={org.org_id}
              size="md"
              label={`Everyone in ${org.name}`}
              checked={isShared(value.orgs[org.org_id])}
              onChange={(e) => setOrg(org.org_id, e.currentTarget.checked ? PERMISSIONS.VIEW : PERMISSIONS.NONE)}
            />
          ) : (
            <NativeSelect
              key={org.org_id}
              label={org.name}
              size="md"
              data={levels}
              value={String(value.orgs[org.org_id] ?? PERMISSIONS.NONE)}
              onChange={(e) => setOrg(org.org_id, Number(e.currentTarget.value))}
            />
          ),
        )}
      </Stack>
      <Stack gap="xs" role="group" aria-labelledby={`${id}-people`}>
        <Text id={`${id}-people`} fw={600} size="sm">
          People
        </Text>
        {sharedUsers.length === 0 && <Text size="sm">Not shared with anyone by name.</Text>}
        {sharedUsers.map((uid) =>
          viewOnly ? (
            <Checkbox key={uid} size="md" label={nameOf(uid)} checked={isShared(value.users[uid])} onChange={() => dropUser(uid)} />
          ) : (
            <NativeSelect
              key={uid}
              label={nameOf(uid)}
              size="md"
              data={levels}
              value={String(value.users[uid] ?? PERMISSIONS.NONE)}
              onChange={(e) => setUser(uid, Number(e.currentTarget.value))}
            />
          ),
        )}
        {people.isPending && <Loader size="sm" aria-label="Loading people" />}
        {addable.length > 0 && (
          <NativeSelect
            label="Add a person"
            description={viewOnly ? ADD_PERSON_HINT : `${ADD_PERSON_HINT}; they start with View`}
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
              if (uid > 0) setUser(uid, PERMISSIONS.VIEW);
            }}
          />
        )}
        {people.isError && <Text size="sm">The people you can share with could not be loaded.</Text>}
      </Stack>
    </Stack>
  );
}
