import { Alert, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { webPushSupported } from '../../../lib/web-push.ts';
import { useSetWebPush, useWebPushState } from '../api/web-push.ts';

const LABEL = 'Push notifications in this browser';

/**
 * Push in this browser (beyond the phone app): a switch that asks the browser's permission and
 * subscribes, or unsubscribes. Hidden where the browser has no PushManager (and in the native
 * app, which has its own push), and while the server has no Web Push key.
 */
export function WebPushSwitch() {
  const [supported] = useState(() => webPushSupported());
  const state = useWebPushState(supported);
  const change = useSetWebPush();
  const [message, setMessage] = useState('');
  const descriptionId = useId();

  // Nothing shows until the state is known: a switch that might vanish again (no Web Push key) would only distract.
  if (!supported || state.data === undefined || state.data === 'unavailable') return null;
  const current = change.isPending ? undefined : state.data;

  const onChange = (on: boolean) => {
    setMessage('');
    change.mutate(on, {
      onSuccess: (reached) => {
        if (on && reached === 'off') setMessage('The browser did not allow notifications, so push stays off.');
      },
      onError: (cause) =>
        setMessage(
          cause instanceof ApiError
            ? cause.message
            : `Push notifications could not be turned ${on ? 'on' : 'off'} in this browser. Please try again.`,
        ),
    });
  };

  return (
    <Stack gap="xs" data-testid="web-push">
      <Title order={2} size="h4">
        This browser
      </Title>
      <Switch
        size="lg"
        label={LABEL}
        // Mantine puts a description inside the label, which would make it part of the switch's name.
        aria-describedby={descriptionId}
        checked={(change.isPending ? change.variables : state.data === 'on') === true}
        disabled={change.isPending || current === 'blocked'}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <Text id={descriptionId} size="sm" c="dimmed">
        The notifications whose Push switch is on below also appear on this computer or phone, while this browser runs.
      </Text>
      {current === 'blocked' && (
        <Alert icon={<IconBellOff size={18} aria-hidden />} color="gray" variant="light" title="Notifications are blocked">
          This browser blocks notifications from Holeout. Allow them in the browser&apos;s site settings to turn push on here.
        </Alert>
      )}
      <Text size="sm" role="status" aria-live="polite">
        {message}
      </Text>
    </Stack>
  );
}
