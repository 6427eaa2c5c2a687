import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { usePageSnapshot } from '../../../lib/offline/use-page-snapshot.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useStat } from '../api/stats.ts';
import { HomeLastRounds } from '../components/home-last-rounds.tsx';
import { HomeLinks } from '../components/home-links.tsx';
import { HomeSgFigures, HomeSgTrend } from '../components/home-sg-figures.tsx';
import { HomeSummary } from '../components/home-summary.tsx';
import { StatsPage } from '../components/stats-page.tsx';
import { pickPlayer, playerRounds, usePlayerView } from '../lib/player-view.ts';

// The handicap card (its table and the history chart) loads after the figures above it: the page opens as light as before.
const HandicapCard = lazy(() => import('../components/handicap-card.tsx').then((module) => ({ default: module.HandicapCard })));

function HomeFigures() {
  const { uid, units, boundaries } = usePlayerView();
  const hasTarget = useSession((s) => Boolean(s.settings?.custom_sg));
  // Every figure follows the selection and the benchmark switch: useStat reads both.
  const scores = useStat('scores');
  const sg = useStat('sg');
  const roundSg = useStat('round_sg');
  const summary = useStat('summary');
  const summaryPlayers = summary.data?.players;
  const player = summaryPlayers ? (pickPlayer(summaryPlayers, uid) ?? null) : null;
  // The installed app paints this page's last picture at start-up; the figures drawn here replace it.
  usePageSnapshot(
    Boolean(sg.data && roundSg.data && summary.data && scores.data),
    Math.max(sg.dataUpdatedAt, roundSg.dataUpdatedAt, summary.dataUpdatedAt, scores.dataUpdatedAt),
    [sg, roundSg, summary, scores].some((query) => query.isError && !query.data),
  );

  return (
    <Stack gap="xl">
      <HomeSgFigures query={sg} uid={uid} units={units} boundaries={boundaries} />
      <HomeSgTrend query={roundSg} uid={uid} />
      <HomeSummary player={player} loading={!summary.data && !summary.isError} failed={summary.isError && !summary.data} units={units} />
      <Suspense fallback={<Skeleton height={160} radius="md" />}>
        <HandicapCard />
      </Suspense>
      {/* The user's own rounds: a selection may hold rounds of other players shared with them. */}
      <HomeLastRounds
        scores={playerRounds(scores.data?.scores ?? [], uid)}
        roundSg={roundSg.data ? playerRounds(roundSg.data.rounds, uid) : undefined}
      />
      <HomeLinks hasTarget={hasTarget} />
    </Stack>
  );
}

/** Statistics (route home): strokes gained and the headline figures of the selected rounds, or all. */
export default function HomePage() {
  return (
    <StatsPage title="Statistics" ranges>
      <HomeFigures />
    </StatsPage>
  );
}
