import { Button, Stack } from '@mantine/core';
import type { FederatedProvider } from '@holeout/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { marked, REDIRECT_KEY } from '../../../lib/federated/marks.ts';
import { publicConfigQuery } from '../../../lib/federated/public-config.ts';
import type { ProviderOutcome, ProviderStep } from './provider-flow.tsx';
import { isNativeShell, PROVIDER_NAMES } from './providers.ts';

// The flow (and through it the Firebase SDK) is loaded only when wanted: the first page stays light.
const loadFlow = () => import('./provider-flow-loader.ts').then((loader) => loader.loadProviderFlow());
const ProviderNotice = lazy(loadFlow);

/**
 * "Continue with Google / Apple / Microsoft" for the providers GET /config offers; nothing when it
 * offers none, or on the web when the server has no Firebase web app. Pointing at or focusing the
 * buttons loads the SDK, so the popup opens straight from the press.
 */
export function ProviderButtons({ step }: { step: ProviderStep }) {
  const config = useQuery(publicConfigQuery()).data?.sign_in;
  const [busy, setBusy] = useState<FederatedProvider | 'redirect' | null>(null);
  const [outcome, setOutcome] = useState<ProviderOutcome | null>(null);

  async function run(
    pending: FederatedProvider | 'redirect',
    work: (flow: Awaited<ReturnType<typeof loadFlow>>) => Promise<ProviderOutcome>,
  ) {
    setBusy(pending);
    setOutcome(null);
    try {
      const answer = await work(await loadFlow());
      // 'none' leaves what another run showed (React runs the redirect pick-up twice in development).
      if (answer.kind !== 'none') setOutcome(answer);
    } catch (cause) {
      console.warn('Federated sign-in failed', cause);
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    if (marked(() => sessionStorage, REDIRECT_KEY)) void run('redirect', (flow) => flow.resumeAfterRedirect(step));
    // Once, when the page opens after the provider sent the browser back.
  }, []);

  const providers = config && (config.firebase || isNativeShell()) ? config.providers : [];
  if (providers.length === 0) return null;
  const preload = () => void loadFlow().then((flow) => flow.preloadSignIn());

  return (
    <Stack gap="xs" onPointerEnter={preload} onFocus={preload} onTouchStart={preload}>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          mih={44}
          loading={busy === provider}
          disabled={busy !== null && busy !== provider}
          onClick={() => void run(provider, (flow) => flow.continueWith(provider, step))}
        >
          Continue with {PROVIDER_NAMES[provider]}
        </Button>
      ))}
      {outcome && (
        <Suspense>
          <ProviderNotice
            outcome={outcome}
            busy={busy !== null}
            onCreateAccount={(provider, idToken) => void run(provider, (flow) => flow.createAccountWith(provider, idToken))}
          />
        </Suspense>
      )}
    </Stack>
  );
}
