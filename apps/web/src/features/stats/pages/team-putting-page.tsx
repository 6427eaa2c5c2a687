/**
 * Team putting (team-putting): the chosen players' strokes gained putting by length, and their
 * putts per round and per green in regulation, three-putt avoidance, one-putts and strokes gained
 * with short, mid and long putts.
 */
import { DEFINITIONS, sgPuttingDefinition } from '../lib/definitions.ts';
import { formatNumber, formatPercent, formatSg } from '../lib/format.ts';
import { puttBandLabels } from '../lib/player-bands.ts';
import { usePlayerView } from '../lib/player-view.ts';
import { SummarySgFigures } from '../components/team-figures-table.tsx';
import { TeamPage } from '../components/team-page.tsx';
import { TeamSgFigure } from '../components/team-sg-figure.tsx';
import { figureOf, type Team } from '../lib/team-members.ts';

function PuttingFigures({ team }: { team: Team }) {
  const { units, boundaries } = usePlayerView();
  const bands = puttBandLabels(boundaries, units);
  return (
    <SummarySgFigures
      title="Putting figures"
      definition={`${DEFINITIONS.puttsPerRound} ${DEFINITIONS.puttsPerGir} ${DEFINITIONS.threePuttAvoid} ${DEFINITIONS.onePutt} ${sgPuttingDefinition(bands)}`}
      note="Putts per round of 18 holes; strokes gained per 18 holes against the benchmark."
      area="putting"
      team={team}
      columns={(figures, gained) => [
        {
          label: 'Putts per round',
          value: figureOf(figures, (player) => player.putts_per_round),
          format: (value) => formatNumber(value, 1),
        },
        { label: 'Putts per GIR', value: figureOf(figures, (player) => player.putts_per_gir), format: (value) => formatNumber(value, 2) },
        {
          label: '3-putt avoidance',
          value: figureOf(figures, (player) => player.three_putt_avoid_pct),
          format: (value) => formatPercent(value),
        },
        { label: 'One-putts', value: figureOf(figures, (player) => player.one_putt_pct), format: (value) => formatPercent(value) },
        {
          label: `SG short putts (${bands.short.toLowerCase()})`,
          value: figureOf(gained, (player) => player.sg.putt.short),
          format: formatSg,
        },
        { label: `SG mid putts (${bands.mid})`, value: figureOf(gained, (player) => player.sg.putt.mid), format: formatSg },
        {
          label: `SG lag putts (${bands.long.toLowerCase()})`,
          value: figureOf(gained, (player) => player.sg.putt.long),
          format: formatSg,
        },
      ]}
    />
  );
}

export default function TeamPuttingPage() {
  const { units, boundaries } = usePlayerView();
  const bands = puttBandLabels(boundaries, units);
  return (
    <TeamPage area="putting">
      {(team) => (
        <>
          <TeamSgFigure
            title="Strokes gained putting"
            definition={sgPuttingDefinition(bands)}
            area="putting"
            team={team}
            trend={{ part: 'putt', name: 'putting' }}
            categories={[
              { label: 'Short', column: `Short (${bands.short.toLowerCase()})`, value: (sg) => sg.putt.short },
              { label: 'Mid', column: `Mid (${bands.mid})`, value: (sg) => sg.putt.mid },
              { label: 'Lag', column: `Lag putts (${bands.long.toLowerCase()})`, value: (sg) => sg.putt.long },
              { label: 'Overall', column: 'All putts', value: (sg) => sg.putt.overall },
            ]}
          />
          <PuttingFigures team={team} />
        </>
      )}
    </TeamPage>
  );
}
