import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DrillResponse } from '@holeout/contracts';
import { useState } from 'react';
import { ShareEditor, shareDraftOf, sharesOfDraft, type ShareDraft } from '../../../components/share-editor.tsx';
import { DANGER } from '../../../lib/theme.ts';
import { useSaveDrill } from '../api/drills.ts';
import { bodyOfDrill } from './drill-form.tsx';
import { DRILL_SHARE_LEVELS, saveProblems } from './folder-dialog.tsx';

/**
 * Who a drill is shared with (its owner): organisations and people with View, Add or Modify,
 * saved with the drill. With no shares of its own a drill follows its folder's.
 */
export function DrillShareDialog({ drill, onClose }: { drill: DrillResponse; onClose: () => void }) {
  const [shares, setShares] = useState<ShareDraft>(() => shareDraftOf(drill));
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveDrill();

  function submit() {
    setProblems([]);
    save.mutate(
      { drillId: drill.drill_id, body: { ...bodyOfDrill(drill), ...sharesOfDraft(shares, drill) } },
      { onSuccess: onClose, onError: (cause) => setProblems(saveProblems(cause)) },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Share ${drill.title}`}>
      <Stack>
        <ShareEditor
          ownerUid={drill.uid}
          value={shares}
          onChange={setShares}
          levels={DRILL_SHARE_LEVELS}
          help={
            drill.folder_id === null
              ? 'View or Add: see the drill and use it in practices; Modify: also edit it.'
              : "With no shares of its own, this drill is shared like its folder; shares given here replace the folder's for this drill. View or Add: see it and use it in practices; Modify: also edit it."
          }
        />
        {problems.length > 0 && (
          <Alert color={DANGER} variant="light" title="The sharing was not saved" role="alert">
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
          <Button h={44} onClick={submit} loading={save.isPending}>
            Save sharing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
