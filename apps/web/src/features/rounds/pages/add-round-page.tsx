import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Switch, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react';
import { DEFAULT_UNITS, GOOD_FIX_METERS, MAX_HOLE_NUMBER, type EndLie, type MissDirection, type Shot, type StartLie } from '@holeout/golf';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useStore } from '../../../lib/store.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useRoundEvent } from '../api/load-round.ts';
import { rememberedPar, rememberPars } from '../components/course-pars.ts';
import { EditShotDialog, HoleShots } from '../components/hole-shots.tsx';
import {
  currentHole,
  deleteShot,
  draftFromRound,
  editShot,
  goToHole,
  holeOnGps,
  holeStrokes,
  isPristine,
  LIE_LABELS,
  markPin,
  missedTarget,
  newDraft,
  newRoundKey,
  nextLieOf,
  nextShotOf,
  parsOf,
  pinWanted,
  recordShot,
  RESULT_LABELS,
  roundEventBody,
  roundOf,
  runningScore,
  setCourse,
  setInput,
  setMiss,
  setPar,
  takeBallPosition,
  undoShot,
  type RoundDraft,
} from '../components/round-draft.ts';
import { roundService } from '../components/round-service.ts';
import { formatToPar } from '../../../lib/format.ts';
import type { OutboxEntry } from '../../../lib/offline/round-store.ts';
import {
  AtBallButton,
  DistanceField,
  DoubtfulFix,
  LieButtons,
  MissButtons,
  ParButtons,
  PinButton,
  ResultButtons,
  TAP_HEIGHT,
} from '../components/shot-entry.tsx';
import { devicePositionSource, type PositionFix } from '../components/position-source.ts';
import { keepsShotPositions, setKeepShotPositions } from '../components/keep-positions.ts';
import { useKeepAboveKeyboard } from '../components/keep-above-keyboard.ts';
import { positiveId } from '../../../lib/route-params.ts';

const eventPath = (eventId: number) => `${paths.event}?event_id=${eventId}`;
/** Three buttons share a 360 px row: a label wraps onto two lines rather than being cut ("Next hol"). */
const WRAPPING_LABEL = { label: { whiteSpace: 'normal', lineHeight: 1.15, textAlign: 'center' } } as const;

/** Rounds saved on this device that the API has not accepted yet: waiting, or refused. */
function OutboxNotice({
  entries,
  sending,
  onSendNow,
  onRestore,
  onDiscard,
}: {
  entries: OutboxEntry[];
  sending: boolean;
  onSendNow: () => void;
  onRestore: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
}) {
  const waiting = entries.filter((entry) => !entry.rejected);
  const refused = entries.filter((entry) => entry.rejected);
  return (
    <Stack gap="xs" data-testid="outbox">
      {waiting.length > 0 && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconCloudUpload size={18} aria-hidden />}
          title={waiting.length === 1 ? '1 round waiting to be sent' : `${waiting.length} rounds waiting to be sent`}
        >
          <Stack gap="xs">
            <Text size="sm">Saved on this device. It is sent as soon as there is a connection.</Text>
            {waiting.map((entry) => (
              <Text key={entry.id} size="sm">
                {entry.course || 'Round'}, saved {formatDateTime(entry.savedAt)}
              </Text>
            ))}
            <Group>
              <Button size="sm" h={44} variant="default" loading={sending} onClick={onSendNow}>
                Send now
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {refused.map((entry) => (
        <Alert
          key={entry.id}
          color={DANGER}
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`${entry.course || 'A round'} could not be saved`}
        >
          <Stack gap="xs">
            <Text size="sm">{entry.lastError}</Text>
            <Group gap="xs">
              <Button size="sm" h={44} onClick={() => onRestore(entry)}>
                Correct it
              </Button>
              <Button size="sm" h={44} variant="default" onClick={() => onDiscard(entry)}>
                Discard it
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}

/** Add Round (route scanner): a round shot by shot, one hole at a time, for a phone in one hand. */
export default function AddRoundPage() {
  const uid = useSession((s) => s.user.uid);
  const settingsUnits = useSession((s) => s.settings?.units ?? null);
  const [params, setParams] = useSearchParams();
  const editId = positiveId(params.get('event_id'));
  const navigate = useNavigate();
  const service = useMemo(() => roundService(), []);
  const outbox = useStore(service.outbox.state, (s) => s);
  const roundEvent = useRoundEvent(editId);

  const [draft, setDraft] = useState<RoundDraft | null>(null);
  const draftRef = useRef<RoundDraft | null>(null);
  const distanceRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The number pad must not hide the Result buttons the next tap needs.
  const keepResultsInView = useKeepAboveKeyboard(distanceRef, resultRef);
  const moveToResult = () => resultRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  const savingId = useRef<string | null>(null);
  const [entryProblem, setEntryProblem] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState<{ problem: string; holeIndex: number | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const positions = useMemo(() => devicePositionSource(), []);
  const gpsAvailable = positions.available();
  const [locating, setLocating] = useState<'ball' | 'pin' | 'result' | null>(null);
  const [gpsProblem, setGpsProblem] = useState<string | null>(null);
  /** A position worse than GOOD_FIX_METERS, waiting for the golfer to use it or type instead. */
  const [doubtfulFix, setDoubtfulFix] = useState<{
    fix: PositionFix;
    use: 'ball' | 'pin' | 'result';
    holeIndex: number;
    to?: EndLie;
  } | null>(null);
  const [keepPositions, setKeepPositions] = useState(() => keepsShotPositions());

  const commit = useCallback(
    (next: RoundDraft) => {
      draftRef.current = next;
      setDraft(next);
      service.store.saveDraft(next).catch((cause: unknown) => console.warn('Could not keep the round on this device', cause));
    },
    [service],
  );
  const focusDistance = () => setFocusRequest((n) => n + 1);
  // On the course the next tap is "I'm at my ball" or a result: the number pad would only cover them.
  const focusDistanceOffCourse = () => {
    if (!draftRef.current?.gps) focusDistance();
  };

  useEffect(() => {
    if (focusRequest > 0) distanceRef.current?.focus();
  }, [focusRequest]);

  // The draft: the one on this device (a reload resumes at the same hole and shot), else a new one.
  useEffect(() => {
    if (editId !== null && !roundEvent.data) return undefined;
    let cancelled = false;
    void (async () => {
      const stored = await service.store.loadDraft(uid, editId).catch(() => null);
      const now = new Date();
      let loaded = stored;
      if (!loaded && editId !== null && roundEvent.data?.round) {
        const event = roundEvent.data;
        loaded = draftFromRound({
          id: newRoundKey(),
          uid,
          eventId: editId,
          start: event.start,
          round: event.round!,
          saved: { title: event.title, notes: event.notes, tags: event.tags, end: event.end },
          now,
        });
      }
      loaded ??= newDraft({ id: newRoundKey(), uid, units: settingsUnits ?? DEFAULT_UNITS, now });
      if (cancelled) return;
      draftRef.current = loaded;
      setDraft(loaded);
      const hole = currentHole(loaded);
      if (stored && hole.par !== null && nextShotOf(hole).kind !== 'holed') focusDistance();
    })();
    return () => {
      cancelled = true;
    };
    // settingsUnits only matters for a new draft; a later change is applied below without reloading.
  }, [uid, editId, roundEvent.data, service]);

  // A new round takes the user's units, also when the settings arrive after the page.
  useEffect(() => {
    const current = draftRef.current;
    if (current && settingsUnits && current.eventId === null && isPristine(current) && current.units !== settingsUnits) {
      commit({ ...current, units: settingsUnits });
    }
  }, [settingsUnits, draft, commit]);

  // A round saved earlier (offline) and sent now: open it when nothing new has been started here.
  useEffect(
    () =>
      service.onSent((entry, event) => {
        if (entry.id === savingId.current) return;
        const current = draftRef.current;
        if (current && isPristine(current)) void navigate(eventPath(event.event_id));
      }),
    [service, navigate],
  );

  useEffect(() => {
    void service.flushNow().catch(() => undefined);
  }, [service]);

  if (editId !== null && roundEvent.isError) {
    return (
      <Stack maw={640}>
        <Title order={1} size="h2">
          Add Round
        </Title>
        <Alert color="gray" variant="light" title="That round cannot be edited here">
          <Text size="sm">It was not found, or it is not a round you may change.</Text>
        </Alert>
        <Anchor component={Link} to={paths.scanner}>
          Add a new round instead
        </Anchor>
      </Stack>
    );
  }

  if (!draft) {
    return (
      <Stack maw={640}>
        <Title order={1} size="h2">
          {editId === null ? 'Add Round' : 'Edit round'}
        </Title>
        <Center mih={160}>
          <Loader aria-label="Loading round" />
        </Center>
      </Stack>
    );
  }

  const hole = currentHole(draft);
  const next = nextShotOf(hole);
  const lie = nextLieOf(draft);
  const score = runningScore(draft);
  const lastShot = hole.shots.at(-1);
  const showMiss = lastShot !== undefined && next.kind !== 'holed' && missedTarget(lastShot, hole.par);
  const parOf = (number: number) => rememberedPar(draftRef.current?.course ?? '', number);
  const canUndo = hole.shots.length > 0 || (draft.holes[draft.current - 1]?.shots.length ?? 0) > 0;
  const options = () => ({ now: new Date(), parOf });
  const latest = () => draftRef.current ?? draft;

  function changeCourse(course: string) {
    let updated = setCourse(latest(), course, new Date());
    const open = currentHole(updated);
    const remembered = rememberedPar(course, open.hole);
    if (open.par === null && open.shots.length === 0 && remembered !== null) updated = setPar(updated, remembered, new Date());
    commit(updated);
  }

  function choosePar(par: number) {
    const updated = setPar(latest(), par, new Date());
    rememberPars(updated.course, { [currentHole(updated).hole]: par });
    commit(updated);
    setEntryProblem(null);
    focusDistanceOffCourse();
  }

  function chooseLie(chosen: StartLie) {
    commit(setInput(latest(), { lie: chosen }, new Date()));
    setEntryProblem(null);
    focusDistanceOffCourse();
  }

  /** Asks the phone where it is; null (with the problem shown) when it cannot say. */
  async function locate(use: 'ball' | 'pin' | 'result'): Promise<PositionFix | null> {
    setLocating(use);
    setGpsProblem(null);
    setDoubtfulFix(null);
    try {
      return await positions.current();
    } catch (cause) {
      setGpsProblem(cause instanceof Error ? cause.message : String(cause));
      return null;
    } finally {
      setLocating(null);
    }
  }

  async function atMyBall() {
    const holeIndex = latest().current;
    const fix = await locate('ball');
    if (!fix) return;
    if (fix.accuracy > GOOD_FIX_METERS) {
      setDoubtfulFix({ fix, use: 'ball', holeIndex });
      return;
    }
    keepBallPosition(fix);
  }

  function keepBallPosition(fix: PositionFix) {
    const updated = takeBallPosition(latest(), fix, new Date());
    commit(updated);
    setEntryProblem(null);
    setAnnouncement(
      updated.input.distance === ''
        ? `Position kept for shot ${currentHole(updated).shots.length + 1}.`
        : `Position kept: ${updated.input.distance} to the hole.`,
    );
  }

  async function atThePin(holeIndex: number) {
    const fix = await locate('pin');
    if (!fix) return;
    if (fix.accuracy > GOOD_FIX_METERS) {
      setDoubtfulFix({ fix, use: 'pin', holeIndex });
      return;
    }
    keepPin(holeIndex, fix);
  }

  function keepPin(holeIndex: number, fix: PositionFix) {
    commit(markPin(latest(), holeIndex, fix, new Date()));
    setSaveProblem(null);
    setAnnouncement(`Pin of hole ${holeIndex + 1} marked: its distances are filled in.`);
  }

  function acceptDoubtfulFix() {
    if (!doubtfulFix) return;
    setDoubtfulFix(null);
    if (doubtfulFix.use === 'pin') keepPin(doubtfulFix.holeIndex, doubtfulFix.fix);
    else if (latest().current !== doubtfulFix.holeIndex) return;
    else if (doubtfulFix.use === 'ball') keepBallPosition(doubtfulFix.fix);
    else if (doubtfulFix.to) recordResult(takeBallPosition(latest(), doubtfulFix.fix, new Date()), doubtfulFix.to);
  }

  function declineDoubtfulFix() {
    const declined = doubtfulFix;
    setDoubtfulFix(null);
    if (declined?.use !== 'pin') focusDistance();
  }

  /**
   * On the course (the round is on GPS) a result tapped with no distance typed keeps the position
   * where it is tapped: the golfer taps it standing where the shot was played. A replay after out of
   * bounds keeps the position of the shot it replays.
   */
  async function chooseResult(to: EndLie) {
    const before = latest();
    const openHole = currentHole(before);
    const coming = nextShotOf(openHole);
    const takesPosition =
      gpsAvailable &&
      before.gps === true &&
      openHole.par !== null &&
      !before.input.fix &&
      before.input.distance.trim() === '' &&
      (coming.kind === 'tee' || coming.kind === 'continue' || (coming.kind === 'hazard' && before.input.lie !== null));
    if (!takesPosition) {
      recordResult(before, to);
      return;
    }
    const fix = await locate('result');
    if (!fix) return;
    if (fix.accuracy > GOOD_FIX_METERS) {
      setDoubtfulFix({ fix, use: 'result', holeIndex: before.current, to });
      return;
    }
    recordResult(takeBallPosition(latest(), fix, new Date()), to);
  }

  function recordResult(before: RoundDraft, to: EndLie) {
    const result = recordShot(before, to, options());
    if (!result.ok) {
      setEntryProblem(result.problem);
      focusDistance();
      return;
    }
    setEntryProblem(null);
    setSaveProblem(null);
    commit(result.draft);
    const shotNumber = currentHole(before).shots.length + 1;
    const opened = result.draft.current !== before.current;
    const finished = result.draft.holes[before.current];
    setAnnouncement(
      opened && finished
        ? `Shot ${shotNumber}: holed. Hole ${finished.hole} done in ${holeStrokes(finished)}. Now hole ${currentHole(result.draft).hole}.`
        : `Shot ${shotNumber}: ${RESULT_LABELS[to]}.`,
    );
    focusDistanceOffCourse();
  }

  function chooseMiss(direction: MissDirection) {
    commit(setMiss(latest(), direction, new Date()));
    focusDistanceOffCourse();
  }

  function undo() {
    setDoubtfulFix(null);
    commit(undoShot(latest(), new Date()));
    setEntryProblem(null);
    setAnnouncement('Last shot removed.');
    focusDistance();
  }

  function moveTo(index: number) {
    setDoubtfulFix(null);
    commit(goToHole(latest(), index, options()));
    setEntryProblem(null);
    focusDistance();
  }

  function saveEdit(index: number, shot: Shot) {
    commit(editShot(latest(), index, shot, new Date()));
    setEditing(null);
  }

  function removeShot(index: number) {
    commit(deleteShot(latest(), index, new Date()));
    setEditing(null);
  }

  function startFresh(): RoundDraft {
    const fresh = newDraft({ id: newRoundKey(), uid, units: settingsUnits ?? DEFAULT_UNITS, now: new Date() });
    commit(fresh);
    if (editId !== null) setParams({}, { replace: true });
    return fresh;
  }

  async function save() {
    const current = latest();
    const check = roundOf(current, { keepPositions });
    if (!check.ok) {
      setSaveProblem({ problem: check.problem, holeIndex: check.holeIndex });
      return;
    }
    setSaveProblem(null);
    setNotice(null);
    rememberPars(current.course, parsOf(current));
    const entry: OutboxEntry = {
      id: current.id,
      uid,
      eventId: current.eventId,
      body: roundEventBody(current, check.round),
      course: current.course.trim(),
      savedAt: new Date().toISOString(),
      attempts: 0,
      lastError: null,
      rejected: false,
    };
    setSaving(true);
    savingId.current = entry.id;
    try {
      const outcome = await service.outbox.submit(entry);
      if (outcome.status === 'sent') {
        void navigate(eventPath(outcome.event.event_id));
        return;
      }
      if (outcome.status === 'waiting') {
        startFresh();
        setNotice(`Round saved on this device. ${outcome.message}.`);
        return;
      }
      // Refused: back to the draft (under a new key) to correct what the API named.
      await service.outbox.discard(entry.id, uid);
      commit({ ...current, id: newRoundKey() });
      setSaveProblem({ problem: outcome.message, holeIndex: null });
    } catch (cause) {
      setSaveProblem({
        problem: `The round could not be stored on this device: ${cause instanceof Error ? cause.message : String(cause)}`,
        holeIndex: null,
      });
    } finally {
      setSaving(false);
    }
  }

  function restore(entry: OutboxEntry) {
    const current = latest();
    if (!isPristine(current)) {
      setSaveProblem({ problem: 'Save or discard the round in progress first, then correct the other one.', holeIndex: null });
      return;
    }
    if (!entry.body.round) return;
    const round = entry.body.round;
    const restored = draftFromRound({
      id: newRoundKey(),
      uid,
      eventId: entry.eventId ?? 0,
      start: entry.body.start,
      round,
      saved: { title: entry.body.title, notes: entry.body.notes, tags: entry.body.tags, end: entry.body.end },
      now: new Date(),
    });
    commit({ ...restored, eventId: entry.eventId });
    void service.outbox.discard(entry.id, uid);
  }

  function confirmDiscard() {
    modals.openConfirmModal({
      title: 'Discard round',
      children: <Text size="sm">Are you sure you want to discard this round? Its shots are deleted from this device.</Text>,
      labels: { confirm: 'Discard', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () => {
        const old = latest();
        void service.store.deleteDraft(old.id);
        startFresh();
        setSaveProblem(null);
        setEntryProblem(null);
      },
    });
  }

  const editingShot = editing === null ? undefined : hole.shots[editing];
  const previousHole = draft.holes[draft.current - 1];
  // The pin is marked on the hole itself; after holing out the next hole opens, and offers the pin of the one just finished.
  const pinHoleIndex = !gpsAvailable
    ? null
    : pinWanted(hole)
      ? draft.current
      : previousHole && hole.shots.length === 0 && pinWanted(previousHole)
        ? draft.current - 1
        : null;
  const onCourse = draft.gps === true || draft.holes.some(holeOnGps);

  function changeKeepPositions(keep: boolean) {
    setKeepPositions(keep);
    setKeepShotPositions(keep);
  }

  return (
    <Stack maw={640} gap="sm">
      <Title order={1} size="h2">
        {draft.eventId === null ? 'Add Round' : 'Edit round'}
      </Title>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {outbox.entries.length > 0 && (
        <OutboxNotice
          entries={outbox.entries}
          sending={outbox.sending}
          onSendNow={() => void service.flushNow()}
          onRestore={restore}
          onDiscard={(entry) => void service.outbox.discard(entry.id, uid)}
        />
      )}
      {notice && (
        <Alert color="gray" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <TextInput label="Course" autoComplete="off" value={draft.course} onChange={(event) => changeCourse(event.currentTarget.value)} />

      <Card withBorder padding="sm" component="section" aria-labelledby="hole-heading">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="baseline">
            <Title order={2} size="h3" id="hole-heading">
              Hole {hole.hole}
              {hole.par !== null && <Text span c="dimmed" fz="md">{` · par ${hole.par}`}</Text>}
            </Title>
            <Text size="sm" ta="right" data-testid="running-score">
              {score.holesDone > 0 ? (
                <>
                  Score <b>{score.strokes}</b> ({formatToPar(score.toPar)}) thru {score.holesDone}
                </>
              ) : (
                'No holes finished yet'
              )}
            </Text>
          </Group>
          <ParButtons par={hole.par} onChoose={choosePar} />
          <HoleShots shots={hole.shots} units={draft.units} onEdit={setEditing} />
          {/* The miss of the shot just played sits with that shot, above the next shot's entry, so it is not given to the wrong one. */}
          {showMiss && lastShot && <MissButtons shotNumber={hole.shots.length} miss={lastShot.miss} onChoose={chooseMiss} />}
          {pinHoleIndex !== null && (
            <PinButton
              holeNumber={pinHoleIndex + 1}
              ofCurrentHole={pinHoleIndex === draft.current}
              locating={locating === 'pin'}
              onTap={() => void atThePin(pinHoleIndex)}
            />
          )}
          {doubtfulFix && (
            <DoubtfulFix
              accuracy={doubtfulFix.fix.accuracy}
              forPin={doubtfulFix.use === 'pin'}
              onUse={acceptDoubtfulFix}
              onDecline={declineDoubtfulFix}
            />
          )}
          {gpsProblem && (
            <Text size="sm" role="alert" c={DANGER}>
              {gpsProblem}
            </Text>
          )}

          {next.kind === 'holed' ? (
            <Text size="sm" role="status">
              Hole {hole.hole} finished in {holeStrokes(hole)}.{' '}
              {hole.hole < MAX_HOLE_NUMBER ? 'Go to the next hole, or save the round.' : 'Save the round.'}
            </Text>
          ) : (
            <>
              <Text size="sm" fw={600} data-testid="next-shot">
                Shot {hole.shots.length + 1}
                {next.kind === 'tee' && ' · from the tee'}
                {next.kind === 'continue' && ` · from the ${LIE_LABELS[next.from].toLowerCase()}`}
                {next.kind === 'replay' && ` · replay from the ${LIE_LABELS[next.from].toLowerCase()} (1 penalty stroke)`}
                {next.kind === 'hazard' && ' · after the hazard: choose the lie'}
              </Text>
              {next.kind === 'hazard' && <LieButtons lie={draft.input.lie} onChoose={chooseLie} />}
              {gpsAvailable && hole.par !== null && next.kind !== 'replay' && (
                <AtBallButton
                  shotNumber={hole.shots.length + 1}
                  locating={locating === 'ball'}
                  disabled={locating !== null || (next.kind === 'hazard' && draft.input.lie === null)}
                  kept={Boolean(draft.input.fix)}
                  hint={
                    draft.gps
                      ? 'On the course: a result tapped with no distance typed keeps your position where you tap it.'
                      : 'On the course, instead of typing: tap it at your ball, and mark the pin when you reach the hole.'
                  }
                  onTap={() => void atMyBall()}
                />
              )}
              <DistanceField
                ref={distanceRef}
                units={draft.units}
                lie={lie}
                next={next}
                value={draft.input.distance}
                error={entryProblem}
                onChange={(value) => {
                  commit(setInput(latest(), { distance: value }, new Date()));
                  if (entryProblem) setEntryProblem(null);
                }}
                onFocus={keepResultsInView}
                onEnter={moveToResult}
                awaitingPin={Boolean(draft.input.fix) && !hole.pin}
              />
              <ResultButtons
                ref={resultRef}
                onChoose={(to) => void chooseResult(to)}
                disabled={hole.par === null || locating !== null}
                from={lie}
              />
              {hole.par === null && (
                <Text size="sm" c="dimmed">
                  Choose the par to start the hole.
                </Text>
              )}
            </>
          )}
          <Group gap="xs" grow wrap="nowrap">
            <Button h={TAP_HEIGHT} variant="default" onClick={undo} disabled={!canUndo}>
              Undo
            </Button>
            <Button
              h={TAP_HEIGHT}
              px={4}
              variant="default"
              styles={WRAPPING_LABEL}
              onClick={() => moveTo(draft.current - 1)}
              disabled={draft.current === 0}
            >
              Previous hole
            </Button>
            <Button
              h={TAP_HEIGHT}
              px={4}
              styles={WRAPPING_LABEL}
              variant="default"
              onClick={() => moveTo(draft.current + 1)}
              disabled={draft.current >= MAX_HOLE_NUMBER - 1}
            >
              Next hole
            </Button>
          </Group>
        </Stack>
      </Card>

      {saveProblem && (
        <Alert color={DANGER} variant="light" role="alert" title="The round is not ready to save">
          <Stack gap="xs">
            <Text size="sm">{saveProblem.problem}</Text>
            {saveProblem.holeIndex !== null && saveProblem.holeIndex !== draft.current && (
              <Group>
                <Button size="sm" h={44} variant="default" onClick={() => moveTo(saveProblem.holeIndex!)}>
                  Go to hole {saveProblem.holeIndex + 1}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {gpsAvailable && onCourse && (
        <Stack gap={4}>
          {/* The explanation sits outside the switch's label, so the switch is named by its label alone. */}
          <Switch
            size="md"
            checked={keepPositions}
            onChange={(event) => changeKeepPositions(event.currentTarget.checked)}
            label="Keep shot positions with the round"
            aria-describedby="keep-positions-hint"
          />
          <Text id="keep-positions-hint" size="sm" c="dimmed">
            Off: only the distances leave this phone. On: the positions are saved with the round, and its page draws each hole&apos;s shots.
          </Text>
        </Stack>
      )}
      <Button h={TAP_HEIGHT} size="md" onClick={() => void save()} loading={saving}>
        Save round
      </Button>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Kept on this device as you type.
        </Text>
        <Button variant="outline" color={DANGER} size="sm" h={44} onClick={confirmDiscard} disabled={isPristine(draft)}>
          Discard round
        </Button>
      </Group>

      {editing !== null && editingShot && (
        <EditShotDialog
          key={`${hole.hole}-${editing}`}
          shotNumber={editing + 1}
          shot={editingShot}
          previous={hole.shots[editing - 1]}
          units={draft.units}
          onSave={(shot) => saveEdit(editing, shot)}
          onDelete={() => removeShot(editing)}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
