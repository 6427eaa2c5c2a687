/**
 * Team driving (team-drives): the chosen players' strokes gained off the tee, and their average
 * drive, fairways hit and strokes gained off the tee.
 */
import { DEFINITIONS } from '../lib/definitions.ts';
import { formatDistance, formatPercent, formatSg } from '../lib/format.ts';
import { useUnits } from '../lib/player-view.ts';
import { SummarySgFigures } from '../components/team-figures-table.tsx';
import { TeamPage } from '../components/team-page.tsx';
import { TeamSgFigure } from '../components/team-sg-figure.tsx';
import { figureOf, type Team } from '../lib/team-members.ts';

function DrivingFigures({ team }: { team: Team }) {
  const units = useUnits();
  return (
    <SummarySgFigures
      title="Driving figures"
      definition={`${DEFINITIONS.drives} ${DEFINITIONS.fairways} ${DEFINITIONS.sgTee}`}
      note="Average drive of the drives measured; fairways hit out of the drives on par 4s and 5s; strokes gained per 18 holes against the benchmark."
      area="drives"
      team={team}
      columns={(figures, gained) => [
        {
          label: 'Average drive',
          value: figureOf(figures, (player) => player.avg_drive),
          format: (value) => formatDistance(value, 'long', units),
        },
        { label: 'Fairways hit', value: figureOf(figures, (player) => player.fairways_pct), format: (value) => formatPercent(value) },
        { label: 'SG off the tee', value: figureOf(gained, (player) => player.sg.tee), format: formatSg },
      ]}
    />
  );
}

export default function TeamDrivesPage() {
  return (
    <TeamPage area="drives">
      {(team) => (
        <>
          <TeamSgFigure
            title="Strokes gained off the tee"
            definition={DEFINITIONS.sgTee}
            area="drives"
            team={team}
            trend={{ part: 'tee', name: 'off the tee' }}
            categories={[{ label: 'Off the tee', column: 'Off the tee', value: (sg) => sg.tee }]}
          />
          <DrivingFigures team={team} />
        </>
      )}
    </TeamPage>
  );
}
