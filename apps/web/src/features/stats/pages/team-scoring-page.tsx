/**
 * Team scoring (team-scoring): the chosen players' strokes gained by part of the game, and their
 * scoring average, birdies, bogeys and doubles per round and par-3, par-4 and par-5 averages.
 */
import { DEFINITIONS } from '../lib/definitions.ts';
import { formatFixed, formatNumber } from '../lib/format.ts';
import { SG_DEFINITION } from '../lib/sg-categories.ts';
import { TeamFiguresTable } from '../components/team-figures-table.tsx';
import { TeamQueryCard } from '../components/team-card.tsx';
import { TeamPage } from '../components/team-page.tsx';
import { TeamSgFigure, type SgCategory } from '../components/team-sg-figure.tsx';
import { byPlayer, figureOf, roundsByPlayer, type Team } from '../lib/team-members.ts';
import { useTeamStat } from '../lib/use-team.ts';

const CATEGORIES: SgCategory[] = [
  { label: 'Overall', column: 'Overall', value: (sg) => sg.overall },
  { label: 'Tee', column: 'Off the tee', value: (sg) => sg.tee },
  { label: 'Approach', column: 'Approach', value: (sg) => sg.approach.overall },
  { label: 'Short game', column: 'Short game', value: (sg) => sg.chip.overall },
  { label: 'Putting', column: 'Putting', value: (sg) => sg.putt.overall },
];

const PARS = [3, 4, 5] as const;

function ScoringFigures({ team }: { team: Team }) {
  const summary = useTeamStat('summary', team);
  const parAverages = useTeamStat('par_avgs', team);
  const title = 'Scoring figures';
  return (
    <TeamQueryCard title={title} queries={[summary, parAverages]}>
      {() => {
        const figures = byPlayer(summary.data!.players);
        const pars = byPlayer(parAverages.data!.players);
        const parAverage = (par: number) => figureOf(pars, (player) => player.pars.find((entry) => entry.par === par)?.average ?? null);
        return (
          <TeamFiguresTable
            title={title}
            definition={`${DEFINITIONS.scoringAverage} ${DEFINITIONS.scoreTypes} Par averages: the mean score on the holes of each par.`}
            note="Scoring average and birdies (or better), bogeys and doubles (or worse) per round of 18 holes; par averages per hole."
            area="scoring"
            team={team}
            rounds={roundsByPlayer(summary.data!.players)}
            columns={[
              {
                label: 'Scoring average',
                value: figureOf(figures, (player) => player.scoring_avg),
                format: (value) => formatNumber(value, 1),
              },
              {
                label: 'Birdies per round',
                value: figureOf(figures, (player) => player.birdies_per_round),
                format: (value) => formatNumber(value, 1),
              },
              {
                label: 'Bogeys per round',
                value: figureOf(figures, (player) => player.bogeys_per_round),
                format: (value) => formatNumber(value, 1),
              },
              {
                label: 'Doubles per round',
                value: figureOf(figures, (player) => player.doubles_per_round),
                format: (value) => formatNumber(value, 1),
              },
              ...PARS.map((par) => ({
                label: `Par ${par} average`,
                value: parAverage(par),
                format: (value: number | null) => formatFixed(value, 2),
              })),
            ]}
          />
        );
      }}
    </TeamQueryCard>
  );
}

export default function TeamScoringPage() {
  return (
    <TeamPage area="scoring">
      {(team) => (
        <>
          <TeamSgFigure
            title="Strokes gained by part of the game"
            definition={SG_DEFINITION}
            area="scoring"
            team={team}
            trend={{ part: 'overall', name: 'overall' }}
            categories={CATEGORIES}
          />
          <ScoringFigures team={team} />
        </>
      )}
    </TeamPage>
  );
}
