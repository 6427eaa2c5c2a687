import { Anchor, Button, Group, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { resolveNotify, type NotifyChannels, type NotifyPreferences } from '@holeout/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useAccountSettings, useSaveNotifySettings } from '../api/notify-settings.ts';
import { NOTIFICATION_SETTING_ORDER, NOTIFICATION_TYPE_TEXT, type SettableNotificationType } from '../lib/notification-types.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { WebPushSwitch } from '../components/web-push-switch.tsx';

type Channel = keyof NotifyChannels;
type Choices = Record<SettableNotificationType, NotifyChannels>;

const CHANNELS: { channel: Channel; header: string }[] = [
  { channel: 'email', header: 'E-mail' },
  { channel: 'push', header: 'Push' },
];

/** Every settable type's channels: what is saved, or the defaults for what never was. */
function choicesOf(notify: NotifyPreferences | null | undefined): Choices {
  const resolved = resolveNotify(notify);
  return Object.fromEntries(NOTIFICATION_SETTING_ORDER.map((type) => [type, resolved[type]])) as Choices;
}

const sameChoices = (a: Choices, b: Choices) =>
  NOTIFICATION_SETTING_ORDER.every((type) => a[type].email === b[type].email && a[type].push === b[type].push);

function Intro() {
  const email = useSession((s) => s.user.email);
  return (
    <Stack gap={6}>
      <Text size="sm">
        Every notification appears in{' '}
        <Anchor component={Link} to={paths.notifications}>
          Notifications
        </Anchor>
        . Choose which of them also reach you by e-mail{email ? ` (${email})` : ''} or as a push notification.
      </Text>
      <Text size="sm" c="dimmed">
        Push notifications are delivered by the Holeout mobile app, on the phones where you are logged in, and by the browsers where you
        turn them on.
      </Text>
    </Stack>
  );
}

function NotifyForm({ notify }: { notify: NotifyPreferences | null | undefined }) {
  const id = useId();
  const saved = choicesOf(notify);
  const [draft, setDraft] = useState<Choices>(saved);
  const [justSaved, setJustSaved] = useState(false);
  const save = useSaveNotifySettings();
  const changed = !sameChoices(draft, saved);
  const defaults = choicesOf(null);

  const toggle = (type: SettableNotificationType, channel: Channel, on: boolean) => {
    setJustSaved(false);
    setDraft((previous) => ({ ...previous, [type]: { ...previous[type], [channel]: on } }));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setJustSaved(false);
    save.mutate(draft, {
      onSuccess: (settings) => {
        setDraft(choicesOf(settings.notify));
        setJustSaved(true);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Table layout="fixed" horizontalSpacing={8} verticalSpacing="sm" withTableBorder captionSide="top" data-testid="notify-table">
          <Table.Caption style={{ textAlign: 'start' }}>
            <Text span size="sm" fw={600}>
              How each notification reaches you
            </Text>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Notification</Table.Th>
              {CHANNELS.map(({ channel, header }) => (
                <Table.Th key={channel} scope="col" id={`${id}-${channel}`} w={72} ta="center">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_SETTING_ORDER.map((type) => {
              const text = NOTIFICATION_TYPE_TEXT[type];
              return (
                <Table.Tr key={type} data-testid={`notify-row-${type}`}>
                  <Table.Th scope="row" fw="normal" style={{ overflowWrap: 'anywhere' }}>
                    <Text id={`${id}-${type}`} size="sm" fw={600}>
                      {text.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {text.description}
                    </Text>
                  </Table.Th>
                  {CHANNELS.map(({ channel }) => (
                    <Table.Td key={channel} ta="center">
                      <Switch
                        size="lg"
                        display="inline-block"
                        checked={draft[type][channel]}
                        onChange={(event) => toggle(type, channel, event.currentTarget.checked)}
                        aria-labelledby={`${id}-${type} ${id}-${channel}`}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group gap="sm" align="center">
          <Button type="submit" h={44} loading={save.isPending}>
            Save
          </Button>
          <Button
            variant="default"
            h={44}
            disabled={sameChoices(draft, defaults)}
            onClick={() => {
              setJustSaved(false);
              setDraft(defaults);
            }}
          >
            Use the defaults
          </Button>
          <Text size="sm" role="status" aria-live="polite">
            {justSaved && !changed ? (
              <Group component="span" gap={4} wrap="nowrap">
                <IconCheck size={16} aria-hidden />
                Saved
              </Group>
            ) : changed ? (
              'You have unsaved changes.'
            ) : (
              ''
            )}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

/** Notification settings (route notification-settings): per type, whether it also comes by e-mail and by push. */
export default function NotificationSettingsPage() {
  const sessionSettings = useSession((s) => s.settings);
  // The session loads the settings after sign-in; if that has not landed, read them here rather than save defaults over them.
  const fallback = useAccountSettings(sessionSettings === null);
  const settings = sessionSettings ?? fallback.data ?? null;

  return (
    <Stack maw={760} gap="md">
      <Title order={1} size="h2">
        Notification settings
      </Title>
      <Intro />
      <WebPushSwitch />
      {settings ? (
        <NotifyForm notify={settings.notify} />
      ) : fallback.isError ? (
        <LoadFailed title="Your settings could not be loaded" onRetry={() => fallback.refetch()} />
      ) : (
        <Stack gap="xs" aria-busy="true" data-testid="notify-loading">
          <Text size="sm" role="status" c="dimmed">
            Loading your settings
          </Text>
          <Skeleton height={360} radius="md" aria-hidden />
        </Stack>
      )}
    </Stack>
  );
}
