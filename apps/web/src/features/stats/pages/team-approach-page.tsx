/**
 * Team approach (team-approach): the chosen players' strokes gained approaching by distance, and
 * their greens in regulation and strokes gained with short, mid and long approaches.
 */
import { DEFINITIONS, sgApproachDefinition } from '../lib/definitions.ts';
import { formatPercent, formatSg } from '../lib/format.ts';
import { approachBandLabels } from '../lib/player-bands.ts';
import { usePlayerView } from '../lib/player-view.ts';
import { SummarySgFigures } from '../components/team-figures-table.tsx';
import { TeamPage } from '../components/team-page.tsx';
import { TeamSgFigure } from '../components/team-sg-figure.tsx';
import { figureOf, type Team } from '../lib/team-members.ts';

function ApproachFigures({ team }: { team: Team }) {
  const { units, boundaries } = usePlayerView();
  const bands = approachBandLabels(boundaries, units);
  return (
    <SummarySgFigures
      title="Approach figures"
      definition={`${DEFINITIONS.gir} ${sgApproachDefinition(bands)}`}
      note="Greens in regulation out of the holes played; strokes gained per 18 holes against the benchmark."
      area="approach"
      team={team}
      columns={(figures, gained) => [
        { label: 'Greens in regulation', value: figureOf(figures, (player) => player.gir_pct), format: (value) => formatPercent(value) },
        { label: `SG short approach (${bands.short})`, value: figureOf(gained, (player) => player.sg.approach.short), format: formatSg },
        { label: `SG mid approach (${bands.mid})`, value: figureOf(gained, (player) => player.sg.approach.mid), format: formatSg },
        {
          label: `SG long approach (${bands.long.toLowerCase()})`,
          value: figureOf(gained, (player) => player.sg.approach.long),
          format: formatSg,
        },
      ]}
    />
  );
}

export default function TeamApproachPage() {
  const { units, boundaries } = usePlayerView();
  const bands = approachBandLabels(boundaries, units);
  return (
    <TeamPage area="approach">
      {(team) => (
        <>
          <TeamSgFigure
            title="Strokes gained approaching"
            definition={sgApproachDefinition(bands)}
            area="approach"
            team={team}
            trend={{ part: 'approach', name: 'approaching' }}
            categories={[
              { label: 'Short', column: `Short (${bands.short})`, value: (sg) => sg.approach.short },
              { label: 'Mid', column: `Mid (${bands.mid})`, value: (sg) => sg.approach.mid },
              { label: 'Long', column: `Long (${bands.long.toLowerCase()})`, value: (sg) => sg.approach.long },
              { label: 'Overall', column: 'All approaches', value: (sg) => sg.approach.overall },
            ]}
          />
          <ApproachFigures team={team} />
        </>
      )}
    </TeamPage>
  );
}
