import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchAccountExport, fileDate, saveFile } from '../../reports/index.ts';

/** The export's file name: holeout-export-<date>.zip, the date on the user's clock. */
export const exportFileName = (now: Date = new Date()) => `holeout-export-${fileDate(now)}.zip`;

/** My Profile's "Download my data": the zip of everything the user recorded (free on every plan). */
export function DownloadMyData() {
  const download = useMutation({
    mutationFn: async () => saveFile(await fetchAccountExport(), exportFileName()),
  });
  return (
    <Card withBorder component="section" aria-labelledby="export-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="export-heading">
          Your data
        </Title>
        <Text size="sm" c="dimmed">
          A zip of everything you recorded: your account and settings, your events, every round shot by shot (rounds.csv, which Import
          rounds on Events reads back), your drills and their results, and your notifications.
        </Text>
        {download.isError && (
          <Alert color="gray" icon={<IconAlertTriangle size={18} aria-hidden />} title="The download did not start">
            {download.error instanceof ApiError && download.error.status !== 0
              ? download.error.message
              : 'Check your connection and try again.'}
          </Alert>
        )}
        {download.isSuccess && (
          <Text size="sm" role="status">
            {download.data === 'downloaded'
              ? 'Your data is downloaded: look for it in your downloads.'
              : download.data === 'shared'
                ? 'Your data went where you chose in the share sheet.'
                : 'The share sheet was closed: press Download my data again to save it.'}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            variant="light"
            h={44}
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            Download my data
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
