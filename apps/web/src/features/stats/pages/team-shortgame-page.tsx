/**
 * Team short game (team-shortgame): the chosen players' strokes gained around the green by lie,
 * and their up and down overall and from the fairway, rough and sand, sand saves and strokes
 * gained with chips.
 */
import { DEFINITIONS, sgChippingDefinition } from '../lib/definitions.ts';
import { formatPercent, formatSg } from '../lib/format.ts';
import { chipLabel } from '../lib/player-bands.ts';
import { usePlayerView } from '../lib/player-view.ts';
import { TeamQueryCard } from '../components/team-card.tsx';
import { TeamFiguresTable } from '../components/team-figures-table.tsx';
import { TeamPage } from '../components/team-page.tsx';
import { TeamSgFigure } from '../components/team-sg-figure.tsx';
import { byPlayer, figureOf, roundsByPlayer, type Team } from '../lib/team-members.ts';
import { useTeamStat } from '../lib/use-team.ts';

function ShortGameFigures({ team }: { team: Team }) {
  const { units, boundaries } = usePlayerView();
  const summary = useTeamStat('summary', team);
  const upAndDown = useTeamStat('ud', team);
  const sg = useTeamStat('sg', team);
  const title = 'Short game figures';
  return (
    <TeamQueryCard title={title} queries={[summary, upAndDown, sg]}>
      {() => {
        const figures = byPlayer(summary.data!.players);
        const rates = byPlayer(upAndDown.data!.players);
        const gained = byPlayer(sg.data!.players);
        return (
          <TeamFiguresTable
            title={title}
            definition={`${DEFINITIONS.upAndDown} ${DEFINITIONS.sandSave} ${sgChippingDefinition(chipLabel(boundaries, units))}`}
            note="Up and down by the lie of the chance; strokes gained with chips and pitches per 18 holes against the benchmark."
            area="shortgame"
            team={team}
            rounds={roundsByPlayer(summary.data!.players)}
            columns={[
              { label: 'Up and down', value: figureOf(rates, (player) => player.overall.percent), format: (value) => formatPercent(value) },
              {
                label: 'From the fairway',
                value: figureOf(rates, (player) => player.fairway.percent),
                format: (value) => formatPercent(value),
              },
              {
                label: 'From the rough',
                value: figureOf(rates, (player) => player.rough.percent),
                format: (value) => formatPercent(value),
              },
              { label: 'From the sand', value: figureOf(rates, (player) => player.sand.percent), format: (value) => formatPercent(value) },
              { label: 'Sand saves', value: figureOf(figures, (player) => player.sand_save_pct), format: (value) => formatPercent(value) },
              { label: 'SG chips', value: figureOf(gained, (player) => player.sg.chip.overall), format: formatSg },
            ]}
          />
        );
      }}
    </TeamQueryCard>
  );
}

export default function TeamShortgamePage() {
  const { units, boundaries } = usePlayerView();
  return (
    <TeamPage area="shortgame">
      {(team) => (
        <>
          <TeamSgFigure
            title="Strokes gained around the green"
            definition={sgChippingDefinition(chipLabel(boundaries, units))}
            area="shortgame"
            team={team}
            trend={{ part: 'chip', name: 'around the green' }}
            categories={[
              { label: 'Fairway', column: 'From the fairway', value: (sg) => sg.chip.fairway },
              { label: 'Rough', column: 'From the rough', value: (sg) => sg.chip.rough },
              { label: 'Sand', column: 'From the sand', value: (sg) => sg.chip.sand },
              { label: 'Other', column: 'Other', value: (sg) => sg.chip.other },
              { label: 'Overall', column: 'All chips', value: (sg) => sg.chip.overall },
            ]}
          />
          <ShortGameFigures team={team} />
        </>
      )}
    </TeamPage>
  );
}
