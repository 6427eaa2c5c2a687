import { Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { EventResponse } from '@holeout/contracts';
import { PERMISSIONS, SHARE_SCOPES, type EventType, type Permission, type ShareScope } from '@holeout/golf';
import { useState } from 'react';
import { personName, usePeople } from '../../../lib/people.ts';
import { useShareOrgs } from '../../../lib/share-orgs.ts';
import { useSaveEvent } from '../api/save-event.ts';
import { bodyOfEvent, permissionChoices, SCOPE_LABELS } from './event-labels.ts';

/** Who an event is shared with (its owner only): the scope, each organisation, and the people it names. */
export function ShareDialog({ event, onClose }: { event: EventResponse; onClose: () => void }) {
  const orgs = useShareOrgs();
  const save = useSaveEvent();
  const [scope, setScope] = useState<ShareScope>(event.share as ShareScope);
  const [orgPermissions, setOrgPermissions] = useState<Record<number, number>>(() =>
    Object.fromEntries(event.orgshares.map((s) => [s.org_id, s.permissions])),
  );
  const [userPermissions, setUserPermissions] = useState<Record<number, number>>(() =>
    Object.fromEntries(event.usershares.filter((s) => s.uid !== event.uid).map((s) => [s.uid, s.permissions])),
  );
  const people = usePeople();
  const choices = permissionChoices(event.event_type as EventType);
  const sharedUsers = Object.keys(userPermissions).map(Number);
  const nameOf = (uid: number) => personName(people.data?.people.find((p) => p.uid === uid));
  const addable = (people.data?.people ?? []).filter((p) => p.uid !== event.uid && !(p.uid in userPermissions));

  function submit() {
    const keep = (entries: [string, number][]) => entries.filter(([, permissions]) => permissions > PERMISSIONS.NONE);
    save.mutate(
      {
        eventId: event.event_id,
        body: {
          ...bodyOfEvent(event),
          share: scope,
          orgshares: keep(Object.entries(orgPermissions)).map(([orgId, permissions]) => ({
            org_id: Number(orgId),
            permissions: permissions as Permission,
          })),
          usershares: keep(Object.entries(userPermissions)).map(([uid, permissions]) => ({
            uid: Number(uid),
            permissions: permissions as Permission,
          })),
        },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Share">
      <Stack>
        <NativeSelect
          label="Who can see it"
          data={SHARE_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }))}
          value={scope}
          onChange={(e) => setScope(e.currentTarget.value as ShareScope)}
        />
        <Text size="sm" c="dimmed">
          {scope === 'SHARE_SELECTED'
            ? 'Only the organisations and people below, with the access given to each.'
            : 'The organisations and people below keep the access given to each, besides this scope.'}
        </Text>
        <Stack gap="xs" role="group" aria-labelledby="share-orgs">
          <Text id="share-orgs" fw={600} size="sm">
            Organisations
          </Text>
          {orgs.isPending && <Loader size="sm" aria-label="Loading organisations" />}
          {orgs.isError && <Text size="sm">Your organisations could not be loaded.</Text>}
          {orgs.data?.length === 0 && <Text size="sm">You belong to no organisation.</Text>}
          {orgs.data?.map((org) => (
            <NativeSelect
              key={org.org_id}
              label={org.name}
              data={choices}
              value={String(orgPermissions[org.org_id] ?? PERMISSIONS.NONE)}
              onChange={(e) => setOrgPermissions({ ...orgPermissions, [org.org_id]: Number(e.currentTarget.value) })}
            />
          ))}
        </Stack>
        <Stack gap="xs" role="group" aria-labelledby="share-people">
          <Text id="share-people" fw={600} size="sm">
            People
          </Text>
          {sharedUsers.length === 0 && <Text size="sm">Not shared with anyone by name.</Text>}
          {sharedUsers.map((uid) => (
            <NativeSelect
              key={uid}
              label={nameOf(uid)}
              data={choices}
              value={String(userPermissions[uid] ?? PERMISSIONS.NONE)}
              onChange={(e) => setUserPermissions({ ...userPermissions, [uid]: Number(e.currentTarget.value) })}
            />
          ))}
          {addable.length > 0 && (
            <NativeSelect
              label="Add a person"
              description="Someone you share an organisation or an item with"
              data={[
                { value: '', label: 'Choose a person' },
                ...addable.map((p) => ({ value: String(p.uid), label: `${personName(p)}${p.is_coach ? ' (coach)' : ''}` })),
              ]}
              value=""
              onChange={(e) => {
                const uid = Number(e.currentTarget.value);
                if (uid > 0) setUserPermissions({ ...userPermissions, [uid]: PERMISSIONS.VIEW });
              }}
            />
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save sharing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
