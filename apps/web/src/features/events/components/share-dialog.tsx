import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { EventResponse } from '@holeout/contracts';
import { SHARE_SCOPES, type EventType, type ShareScope } from '@holeout/golf';
import { useState } from 'react';
import { ShareEditor, shareDraftOf, sharesOfDraft, type ShareDraft } from '../../../components/share-editor.tsx';
import { useSaveEvent } from '../api/save-event.ts';
import { bodyOfEvent, permissionChoices, SCOPE_LABELS } from './event-labels.ts';

/** Who an event is shared with (its owner only): the scope, each organisation, and the people it names. */
export function ShareDialog({ event, onClose }: { event: EventResponse; onClose: () => void }) {
  const save = useSaveEvent();
  const [scope, setScope] = useState<ShareScope>(event.share as ShareScope);
  const [shares, setShares] = useState<ShareDraft>(() => shareDraftOf(event));

  function submit() {
    // The owner's own entry is not sent: the API keeps the owner OWNER.
    save.mutate(
      { eventId: event.event_id, body: { ...bodyOfEvent(event), share: scope, ...sharesOfDraft(shares) } },
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
        <ShareEditor ownerUid={event.uid} value={shares} onChange={setShares} levels={permissionChoices(event.event_type as EventType)} />
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
