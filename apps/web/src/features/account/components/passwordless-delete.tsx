import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { DeleteAccountBody, FederatedProvider } from '@holeout/contracts';
import { useEffect, useState } from 'react';
import { federatedSignIn } from '../../../lib/federated/federated-sign-in.ts';
import { marked, REDIRECT_KEY } from '../../../lib/federated/marks.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useRequestAccountCode } from '../api/account-code.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useSignInLinks } from '../api/sign-in-links.ts';
import { PROVIDER_NAMES } from './providers.ts';
import { useOfferedProviders } from './sign-in-methods.tsx';
import { CodeInput } from './code-input.tsx';

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : 'Something went wrong. Please try again.');

/**
 * Deleting an account that has no password: the golfer proves it is them again, by signing in
 * with a linked provider (a sign-in of the last minutes) or with a code mailed to the address.
 * On phones the provider sign-in is a redirect: back on My Profile, the deletion goes on.
 */
export function PasswordlessDelete({ opened, onOpen, onClose }: { opened: boolean; onOpen: () => void; onClose: () => void }) {
  const remove = useDeleteAccount();
  const requestCode = useRequestAccountCode();
  const offered = useOfferedProviders();
  const linked = (useSignInLinks().data?.links ?? []).map((l) => l.provider).filter((p) => offered.includes(p));
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [signingIn, setSigningIn] = useState<FederatedProvider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function deleteWith(confirmation: DeleteAccountBody) {
    setProblem(null);
    remove.mutate(confirmation, { onError: (cause) => setProblem(messageOf(cause)) });
  }

  async function confirmWith(provider: FederatedProvider) {
    setProblem(null);
    setSigningIn(provider);
    const idToken = await (await federatedSignIn()).signInWith(provider, 'delete').finally(() => setSigningIn(null));
    if (idToken) deleteWith({ idToken });
  }

  function sendCode() {
    setProblem(null);
    requestCode.mutate('delete_account', { onSuccess: () => setCodeSent(true), onError: (cause) => setProblem(messageOf(cause)) });
  }

  useEffect(() => {
    if (!marked(() => sessionStorage, REDIRECT_KEY)) return;
    void federatedSignIn()
      .then((signIn) => signIn.takeRedirectResult('delete'))
      .then((result) => {
        if (!result) return;
        onOpen();
        deleteWith({ idToken: result.idToken });
      });
  }, []);

  return (
    <Modal opened={opened} onClose={onClose} title="Delete account">
      <Stack>
        <Text size="sm">This deletes your account, rounds, drills and results for good. It cannot be undone.</Text>
        <Text size="sm">Your account has no password, so confirm it is you first.</Text>
        {linked.map((provider) => (
          <Button
            key={provider}
            variant="default"
            mih={44}
            fullWidth
            loading={signingIn === provider || (remove.isPending && !codeSent)}
            onClick={() => void confirmWith(provider)}
          >
            Sign in again with {PROVIDER_NAMES[provider]} and delete
          </Button>
        ))}
        {linked.length > 0 && <Divider label="or" />}
        {codeSent ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (/^\d{6}$/.test(code.trim())) deleteWith({ code: code.trim() });
              else setProblem('The code is the 6 digits from the e-mail.');
            }}
          >
            <Stack gap="sm">
              <CodeInput value={code} onChange={setCode} />
              <Group justify="space-between">
                <Button variant="subtle" mih={44} onClick={sendCode} loading={requestCode.isPending}>
                  Send a new code
                </Button>
                <Button type="submit" color={DANGER} mih={44} loading={remove.isPending}>
                  Delete
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Button variant="light" mih={44} onClick={sendCode} loading={requestCode.isPending}>
            Send code
          </Button>
        )}
        {problem && (
          <Alert color="gray" role="status" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Text size="sm">{problem}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
