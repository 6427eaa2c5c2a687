/**
 * Share report: one player's statistics report as a PDF, downloaded or mailed, against a chosen
 * benchmark, over the rounds the page counts. How it was sent last time is remembered
 * (savedReportDelivery), and the benchmark is the statistics' own choice (savedReportBenchmark),
 * so a report matches the figures on the page. Reports come with Basic: below it the dialog offers
 * the plans instead, and the API's 403 BASIC_REQUIRED is shown the same way.
 */
import { Alert, Anchor, Button, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { REPORT_DELIVERIES, type ReportDelivery, type ReportMailBody } from '@holeout/contracts';
import { hasBasicAccess } from '@holeout/golf';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { personName, usePeople, usePersonName } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { readStored, writeStored } from '../../../lib/storage.ts';
import {
  fetchStatsReport,
  fileDate,
  isBasicRequired,
  mailStatsReport,
  reportLocale,
  saveFile,
  type SavedFile,
  usePlayerEmail,
} from '../../reports/index.ts';
import { usePlayerView } from '../lib/player-view.ts';
import { useReportRounds } from '../lib/report-scope.ts';
import { benchmarkLabel, chooseBenchmark, useBenchmark, type BenchmarkChoice } from '../lib/stats-view.ts';

/** The way a report was sent last time; a download the first time. */
export function savedDelivery(): ReportDelivery {
  const stored = readStored('savedReportDelivery');
  return (REPORT_DELIVERIES as readonly string[]).includes(stored ?? '') ? (stored as ReportDelivery) : 'download';
}

const DELIVERY_LABELS: Record<ReportDelivery, string> = { download: 'Download (PDF)', email: 'E-mail it' };

type Recipient = 'me' | 'player';
type Outcome = { kind: SavedFile } | { kind: 'mailed'; to: string };

/** What a report is about: the player, whether they are another player than the user, and its rounds. */
interface ReportSubject {
  uid: number;
  other: boolean;
  /** The rounds' event ids; undefined for all of the player's rounds. */
  rounds: number[] | undefined;
  /** The rounds are known (a player page waits for its rounds to load). */
  ready: boolean;
}

/** Reports come with Basic: the line and the way to the plans. */
export function BasicOffer() {
  return (
    <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title="Reports come with Basic">
      <Stack gap="xs">
        <Text size="sm">
          A PDF report of your statistics, downloaded or sent by e-mail (to you, or from a coach to a player), comes with the Basic plan and
          every plan above it.
        </Text>
        <Anchor component={Link} to={paths.subscriptions} size="sm" fw={600}>
          See the plans
        </Anchor>
      </Stack>
    </Alert>
  );
}

function roundsWords(rounds: number[] | undefined, other: boolean): string {
  if (rounds === undefined) return other ? 'Every round the player shares with you.' : 'All your rounds.';
  return rounds.length === 1 ? 'The 1 round this page counts.' : `The ${rounds.length} rounds this page counts.`;
}

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'This player does not share statistics with you.';
  if (error instanceof ApiError && error.status !== 0) return error.message;
  return 'The report could not be made. Check your connection and try again.';
}

function ReportForm({ subject, playerPicker, onClose }: { subject: ReportSubject; playerPicker?: ReactNode; onClose: () => void }) {
  const formId = useId();
  const basic = useSession((s) => hasBasicAccess(s.subscription));
  // A coach may send a player's report to the player; anyone else gets it themself.
  const coach = useSession((s) => s.user.is_coach);
  const { choice, choices } = useBenchmark();
  const [delivery, setDelivery] = useState<ReportDelivery>(savedDelivery);
  const [benchmark, setBenchmark] = useState<BenchmarkChoice>(choice);
  const [recipient, setRecipient] = useState<Recipient>('me');
  const [typedEmail, setTypedEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const toPlayer = subject.other && coach && delivery === 'email' && recipient === 'player';
  const playerEmail = usePlayerEmail(toPlayer ? subject.uid : null);
  const knownEmail = playerEmail.data ?? null;
  const playerEmailMissing = toPlayer && playerEmail.isFetched && knownEmail === null;

  // The request is fixed when the button is pressed: remembering the benchmark reloads the page's rounds behind the dialog.
  const send = useMutation({
    mutationFn: async (request: { delivery: ReportDelivery; body: ReportMailBody }): Promise<Outcome> => {
      if (request.delivery === 'download') {
        const { to_email: _mailOnly, ...query } = request.body;
        return { kind: await saveFile(await fetchStatsReport(query), `holeout-report-${fileDate()}.pdf`) };
      }
      const queued = await mailStatsReport(request.body);
      return { kind: 'mailed', to: queued.to_email };
    },
    onSuccess: setOutcome,
  });

  if (!basic || isBasicRequired(send.error)) {
    return (
      <Stack>
        <BasicOffer />
        <Group justify="flex-end">
          <Button variant="default" h={44} onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    // The choices are remembered for the next report; the benchmark is the statistics' own, so the page follows it.
    const body: ReportMailBody = {
      players: [subject.uid],
      benchmark,
      ...(subject.rounds === undefined ? {} : { rounds: subject.rounds }),
      locale: reportLocale(),
      ...(toPlayer ? { to_email: knownEmail ?? typedEmail.trim() } : {}),
    };
    writeStored('savedReportDelivery', delivery);
    if (benchmark !== choice) chooseBenchmark(benchmark);
    send.mutate({ delivery, body });
  }

  const waiting = !subject.ready || (toPlayer && playerEmail.isPending);
  const missingAddress = playerEmailMissing && typedEmail.trim() === '';
  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="md">
        {playerPicker}
        <Text size="sm">{roundsWords(subject.rounds, subject.other)}</Text>
        <Radio.Group
          label="How"
          value={delivery}
          onChange={(value) => {
            setOutcome(null);
            setDelivery(value === 'email' ? 'email' : 'download');
          }}
        >
          <Stack gap="sm" mt="xs">
            {REPORT_DELIVERIES.map((option) => (
              <Radio key={option} value={option} label={DELIVERY_LABELS[option]} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        <NativeSelect
          label="Benchmark"
          value={benchmark}
          onChange={(event) => setBenchmark(event.currentTarget.value as BenchmarkChoice)}
          data={choices.map((value) => ({ value, label: benchmarkLabel(value) }))}
          size="md"
          styles={{ input: { minHeight: 44 } }}
        />
        {subject.other && coach && delivery === 'email' && (
          <Radio.Group label="Send to" value={recipient} onChange={(value) => setRecipient(value === 'player' ? 'player' : 'me')}>
            <Stack gap="sm" mt="xs">
              <Radio value="me" label="Me" size="md" />
              <Radio value="player" label={knownEmail ? `The player (${knownEmail})` : 'The player'} size="md" />
            </Stack>
          </Radio.Group>
        )}
        {playerEmailMissing && (
          <TextInput
            label="The player's e-mail address"
            description="None of your organisations lists it: type the address the player signed up with."
            type="email"
            autoComplete="off"
            value={typedEmail}
            onChange={(event) => setTypedEmail(event.currentTarget.value)}
            size="md"
          />
        )}
        <div role="status" aria-live="polite">
          {outcome?.kind === 'downloaded' && (
            <Alert color="brand" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Report downloaded">
              Look for it in your downloads.
            </Alert>
          )}
          {outcome?.kind === 'shared' && (
            <Alert color="brand" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Report saved">
              It went where you chose in the share sheet.
            </Alert>
          )}
          {outcome?.kind === 'cancelled' && (
            <Alert color="gray" variant="light" title="Report not saved">
              The share sheet was closed. Press the button again to save or send it.
            </Alert>
          )}
          {outcome?.kind === 'mailed' && (
            <Alert color="brand" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Report on its way">
              It is being made and will be sent to {outcome.to} in a few minutes.
            </Alert>
          )}
        </div>
        {send.isError && (
          <Alert color="gray" icon={<IconAlertTriangle size={18} aria-hidden />} title="The report could not be sent">
            {failureText(send.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" h={44} onClick={onClose}>
            {outcome ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" h={44} loading={send.isPending} disabled={waiting || missingAddress}>
            {delivery === 'download' ? 'Download report' : 'Send report'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The report of the page's player: the user's own, or the player a coach opened with ?uid=, over the page's rounds. */
function PlayerReport({ onClose }: { onClose: () => void }) {
  const { uid, other } = usePlayerView();
  const { rounds, ready } = useReportRounds();
  return <ReportForm subject={{ uid, other: other !== null, rounds, ready }} onClose={onClose} />;
}

/** A team view's report: the coach picks one of the chosen players; every round they share counts. */
function TeamReport({ players, onClose }: { players: readonly number[]; onClose: () => void }) {
  const people = usePeople();
  const [uid, setUid] = useState<number>(players[0] ?? 0);
  const nameOf = (player: number) => personName(people.data?.people.find((person) => person.uid === player));
  const picker = (
    <NativeSelect
      label="Player"
      value={String(uid)}
      onChange={(event) => setUid(Number(event.currentTarget.value))}
      data={players.map((player) => ({ value: String(player), label: nameOf(player) }))}
      size="md"
      styles={{ input: { minHeight: 44 } }}
    />
  );
  // Keyed by the player: a new player starts a fresh form (no outcome or address of the previous one).
  return <ReportForm key={uid} subject={{ uid, other: true, rounds: undefined, ready: true }} playerPicker={picker} onClose={onClose} />;
}

/**
 * The Share report dialog (full screen on a phone). `team`: the players of a team view to choose
 * from; without it the report is of the page's player.
 */
export function ShareReportDialog({ opened, onClose, team }: { opened: boolean; onClose: () => void; team?: readonly number[] }) {
  const narrow = useMediaQuery('(max-width: 40em)');
  const { uid, other } = usePlayerView();
  const name = usePersonName(team === undefined ? other : null);
  const title = team === undefined && other !== null ? `Share report: ${name ?? '…'}` : 'Share report';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={narrow ?? false}>
      {team === undefined ? <PlayerReport key={uid} onClose={onClose} /> : <TeamReport players={team} onClose={onClose} />}
    </Modal>
  );
}
