/**
 * The plan of a diagnosis: its drills, each with why it helps (a drill of the library links to it;
 * a starter drill joins the library when the plan is scheduled), and "Put on my calendar": the
 * first day (the next Monday unless changed) and 1 to 12 weeks (4 unless changed). Once scheduled,
 * a message with the way to the calendar.
 */
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarCheck, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { MAX_PLAN_WEEKS, type Diagnosis } from '@holeout/contracts';
import { formatDate } from '@holeout/golf';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { DANGER } from '../../../lib/theme.ts';
import { newPlanKey, useSchedulePlan } from '../api/schedule-plan.ts';
import { isDayKey, nextMonday } from '../lib/diagnosis-view.ts';
import { isPremiumRequired } from './coach-frame.tsx';

export const DEFAULT_PLAN_WEEKS = 4;
const WEEK_OPTIONS = Array.from({ length: MAX_PLAN_WEEKS }, (_, index) => {
  const weeks = index + 1;
  return { value: String(weeks), label: `${weeks} ${weeks === 1 ? 'week' : 'weeks'}` };
});

/** A local YYYY-MM-DD as the calendar's address of that day. */
const calendarDayPath = (day: string) => `${paths.calendar}?view=month&date=${day}`;

function PlanDrills({ plan }: { plan: Diagnosis['plan'] }) {
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {plan.drills.map((drill, index) => (
        <Card component="li" key={`${drill.drill_id ?? drill.template_key ?? 'drill'}-${index}`} withBorder padding="sm" radius="md">
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              {drill.drill_id !== null ? (
                <Anchor component={Link} to={`${paths.drill}?drill_id=${drill.drill_id}`} fw={600} mih={28}>
                  {drill.title}
                </Anchor>
              ) : (
                <Text fw={600}>{drill.title}</Text>
              )}
              {drill.drill_id === null && (
                <Badge variant="outline" color="dark" style={{ textTransform: 'none' }}>
                  Starter drill
                </Badge>
              )}
            </Group>
            <Text size="sm">{drill.why}</Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

interface Scheduled {
  start: string;
  weeks: number;
  practices: number;
}

function ScheduleForm({ diagnosisId }: { diagnosisId: number }) {
  const [start, setStart] = useState(() => nextMonday(new Date()));
  const [weeks, setWeeks] = useState(String(DEFAULT_PLAN_WEEKS));
  const [startError, setStartError] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<Scheduled | null>(null);
  const schedule = useSchedulePlan();
  // One key per scheduling: a retry of the same first day and weeks (after a lost answer) reuses it.
  const attempt = useRef<{ key: string; request: string } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setScheduled(null);
    if (!isDayKey(start)) {
      setStartError('Choose the first day of the plan');
      return;
    }
    setStartError(null);
    const body = { start_date: start, weeks: Number(weeks) };
    const request = JSON.stringify(body);
    if (attempt.current?.request !== request) attempt.current = { key: newPlanKey(), request };
    schedule.mutate(
      { diagnosisId, body, key: attempt.current.key },
      {
        onSuccess: (answer) => {
          // Scheduled: another press is a second plan on purpose, under a key of its own.
          attempt.current = null;
          setScheduled({ start, weeks: body.weeks, practices: answer.events.length });
        },
        onError: (cause) => {
          const detail =
            cause instanceof ApiError && Array.isArray(cause.details)
              ? (cause.details as { field?: unknown; message?: unknown }[]).find((item) => item?.field === 'start_date')
              : undefined;
          if (typeof detail?.message === 'string') setStartError(detail.message);
        },
      },
    );
  }

  const failure = schedule.isError && !startError ? schedule.error : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Put the plan on my calendar">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label="First day"
            type="date"
            size="md"
            value={start}
            onChange={(event) => {
              setStart(event.currentTarget.value);
              setStartError(null);
            }}
            error={startError}
            required
            w={200}
          />
          <NativeSelect
            label="How long"
            size="md"
            value={weeks}
            onChange={(event) => setWeeks(event.currentTarget.value)}
            data={WEEK_OPTIONS}
            w={160}
          />
        </Group>
        <div>
          <Button type="submit" h={48} loading={schedule.isPending} leftSection={<IconCalendarCheck size={20} aria-hidden />}>
            Put on my calendar
          </Button>
        </div>
        <div role="status">
          {scheduled && (
            <Alert
              color="gray"
              variant="light"
              icon={<IconCircleCheck size={18} aria-hidden />}
              title="The plan is on your calendar"
              data-testid="plan-scheduled"
            >
              <Stack gap={4}>
                <Text size="sm">
                  {scheduled.practices} {scheduled.practices === 1 ? 'practice' : 'practices'} over {scheduled.weeks}{' '}
                  {scheduled.weeks === 1 ? 'week' : 'weeks'} from {formatDate(`${scheduled.start}T12:00:00`)}, each with the plan&apos;s
                  drills.
                </Text>
                <Anchor component={Link} to={calendarDayPath(scheduled.start)} size="sm" fw={600}>
                  Open the calendar
                </Anchor>
              </Stack>
            </Alert>
          )}
        </div>
        {failure && (
          <Alert
            color={DANGER}
            variant="light"
            title="The plan was not scheduled"
            role="alert"
            icon={isPremiumRequired(failure) ? <IconLock size={18} aria-hidden /> : undefined}
          >
            <Text size="sm">{isPremiumRequired(failure) ? 'Scheduling a plan needs a premium subscription.' : failure.message}</Text>
            {isPremiumRequired(failure) && (
              <Anchor component={Link} to={paths.subscriptions} size="sm">
                Subscribe
              </Anchor>
            )}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

export function PlanSection({ diagnosis, canSchedule, who }: { diagnosis: Diagnosis; canSchedule: boolean; who: string }) {
  const { plan } = diagnosis;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="plan-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="plan-heading">
          The plan
        </Title>
        {plan.drills.length === 0 ? (
          <Text size="sm">This diagnosis has no drills to suggest.</Text>
        ) : (
          <>
            <Text size="sm">
              {plan.practices_per_week} {plan.practices_per_week === 1 ? 'practice' : 'practices'} a week with these drills. Starter drills
              join
              {canSchedule ? ' your' : ' the'} library when the plan goes on a calendar.
            </Text>
            <PlanDrills plan={plan} />
            {canSchedule ? (
              <ScheduleForm diagnosisId={diagnosis.diagnosis_id} />
            ) : (
              <Text size="sm" c="dimmed">
                {who} puts this plan on their calendar from their own AI Coach page.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
