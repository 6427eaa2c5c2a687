/**
 * Import rounds: a CSV of rounds, one row a shot, in the columns of rounds.csv that Download my data
 * (My Profile) writes, for golfers coming from a spreadsheet or another app. The file is stored
 * whole or not at all: a refused file lists each problem by row and column.
 */
import { Alert, Anchor, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { importProblems, problemText, useImportRounds } from '../api/import-rounds.ts';

export function ImportRoundsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 40em)');
  // The form lives inside the modal's content: each opening starts with no file and no answer.
  return (
    <Modal opened={opened} onClose={onClose} title="Import rounds" size="lg" fullScreen={narrow ?? false}>
      <ImportForm onClose={onClose} />
    </Modal>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportRounds();
  const problems = importProblems(upload.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file) upload.mutate(file);
  }

  const imported = upload.data?.imported;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          A CSV file, one row a shot, in the columns of the rounds.csv that{' '}
          <Anchor component={Link} to={paths.account} size="sm">
            Download my data
          </Anchor>{' '}
          writes (event_id groups a round&apos;s shots; distances in yards, feet on the green).
        </Text>
        <FileInput
          label="CSV file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => {
            upload.reset();
            setFile(chosen);
          }}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
          size="md"
        />
        <div role="status" aria-live="polite">
          {imported !== undefined && (
            <Alert color="brand" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Rounds imported">
              {imported === 1 ? '1 round imported' : `${imported} rounds imported`}: they are in your events.
            </Alert>
          )}
        </div>
        {upload.isError && (
          <Alert
            color="gray"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={problems.length > 0 ? 'Nothing was imported: fix these in the file and import it again' : 'Nothing was imported'}
          >
            {problems.length > 0 ? (
              <List size="sm" spacing={4} aria-label="Problems in the file">
                {problems.map((problem) => (
                  <List.Item key={`${problem.row}:${problem.column ?? ''}:${problem.message}`}>{problemText(problem)}</List.Item>
                ))}
              </List>
            ) : upload.error instanceof ApiError && upload.error.status !== 0 ? (
              upload.error.message
            ) : (
              'Check your connection and try again.'
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" h={44} onClick={onClose}>
            {imported !== undefined ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" h={44} loading={upload.isPending} disabled={file === null || imported !== undefined}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
