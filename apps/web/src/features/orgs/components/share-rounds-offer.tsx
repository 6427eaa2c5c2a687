import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useShareRounds } from '../api/share-rounds.ts';
import { SHARE_RANGE_LABELS, SHARE_RANGES, sharedMessage, sinceFor, type ShareRange } from './share-range.ts';

const isRange = (value: string): value is ShareRange => (SHARE_RANGES as readonly string[]).includes(value);

/**
 * Offered once, right after a player joins an organisation: share their earlier rounds with its
 * coaches, from a chosen time (30 or 90 days, a year, or all), with one button. The coaches then see
 * those rounds as they see rounds shared with coaches: coaches who join later too.
 */
export function ShareRoundsOffer({ orgId, orgName, onDone }: { orgId: number; orgName: string; onDone: () => void }) {
  const headingId = useId();
  const share = useShareRounds();
  const [range, setRange] = useState<ShareRange>('DAYS_90');
  const [result, setResult] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function onShare() {
    setFailure(null);
    share.mutate(
      { orgId, since: sinceFor(range, new Date()) },
      {
        onSuccess: (answer) => setResult(sharedMessage(answer, orgName)),
        onError: (cause) => setFailure(cause.message),
      },
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid="share-rounds-offer">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Share your earlier rounds with your coaches?
        </Title>
        {result === null ? (
          <>
            <Text size="sm">
              {orgName}&apos;s coaches see the rounds you share with coaches, and their statistics. Coaches who join later see them too, and
              so do the coaches of your other organisations. Rounds you keep private stay private.
            </Text>
            <Radio.Group label="Rounds from" value={range} onChange={(value) => isRange(value) && setRange(value)}>
              <Stack gap="xs" mt="xs">
                {SHARE_RANGES.map((option) => (
                  <Radio key={option} value={option} label={SHARE_RANGE_LABELS[option]} />
                ))}
              </Stack>
            </Radio.Group>
            <Group gap="sm">
              <Button h={44} onClick={onShare} loading={share.isPending}>
                Share rounds
              </Button>
              <Button h={44} variant="subtle" onClick={onDone} disabled={share.isPending}>
                Not now
              </Button>
            </Group>
            {failure && (
              <Alert color="red" variant="light" title="The rounds could not be shared" role="alert">
                <Text size="sm">{failure}</Text>
              </Alert>
            )}
          </>
        ) : (
          <>
            <Alert color="gray" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status" title="Shared">
              <Text size="sm">{result}</Text>
            </Alert>
            <Group>
              <Button h={44} variant="default" onClick={onDone}>
                Done
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
