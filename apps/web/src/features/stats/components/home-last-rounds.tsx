import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@holeout/golf';
import { paths } from '../../../lib/paths.ts';
import { eventTitle } from '../../../lib/event-names.ts';
import type { StatBody } from '../api/stats.ts';
import { formatToPar } from '../../../lib/format.ts';
import { formatSg } from '../lib/format.ts';
import { useRoundEventsBetween } from '../lib/sg-round-events.ts';
import { LinkCard } from './link-card.tsx';

/** How many of the latest rounds the home page lists. */
export const LAST_ROUNDS = 5;

type ScoreRow = StatBody<'scores'>['scores'][number];
type RoundSgRow = StatBody<'round_sg'>['rounds'][number];

/** The latest rounds first (by start, then the higher event id). */
export function latestScores(scores: readonly ScoreRow[], count = LAST_ROUNDS): ScoreRow[] {
  return [...scores].sort((a, b) => b.start.localeCompare(a.start) || b.event_id - a.event_id).slice(0, count);
}

/**
 * The last rounds counted, each linking to its event: date, name (the course when the event list
 * has it), score and to-par, and strokes gained overall against the benchmark.
 */
export function HomeLastRounds({ scores, roundSg }: { scores: readonly ScoreRow[]; roundSg: readonly RoundSgRow[] | undefined }) {
  const latest = latestScores(scores);
  const events = useRoundEventsBetween(latest.at(-1)?.start, latest[0]?.start);
  const sgById = new Map((roundSg ?? []).map((round) => [round.event_id, round.sg.overall]));
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-last-rounds-heading">
      <Title order={2} size="h4" id="home-last-rounds-heading">
        Last rounds
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="home-last-rounds-heading">
        {latest.map((score) => {
          const event = events.data?.get(score.event_id);
          const name = event ? eventTitle(event) : 'Round';
          const sg = sgById.get(score.event_id);
          return (
            <li key={score.event_id} data-testid="last-round">
              <LinkCard to={`${paths.event}?event_id=${score.event_id}`} gap={2}>
                <Text fw={700} c="var(--mantine-color-anchor)" td="underline">
                  {name}
                </Text>
                <Text size="sm">
                  {formatDate(score.start)} · Score <b>{score.score}</b> ({formatToPar(score.score - score.par)})
                  {score.holes !== 18 && ` · ${score.holes} holes`}
                </Text>
                <Text size="sm" component="div">
                  {sg === undefined ? (
                    roundSg === undefined ? (
                      <Skeleton height={14} width={140} aria-hidden />
                    ) : null
                  ) : (
                    <>Strokes gained {formatSg(sg)}</>
                  )}
                </Text>
              </LinkCard>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
