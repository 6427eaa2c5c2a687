import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { BENCHMARK_LABELS, BENCHMARK_LEVELS, type BenchmarkLevel } from '@holeout/golf';

const START_LIES: [string, string][] = [
  ['T', 'Tee: the first shot of every hole, and a re-teed shot.'],
  ['F', 'Fairway.'],
  ['R', 'Rough.'],
  ['S', 'Sand: a bunker, greenside or fairway.'],
  ['H', 'Hazard: a penalty area, played as it lies.'],
  ['G', 'Green: any stroke taken with the ball on the putting surface.'],
];

const END_LOCATIONS: [string, string][] = [
  ['F, R, S, H, G', 'Where the ball came to rest; the next shot starts from there.'],
  ['I', 'In the hole. Only the last shot of a hole ends in I.'],
  ['O', 'Out of bounds or lost. The next shot is played again from the same place with one penalty stroke.'],
];

const BENCHMARK_NOTES: Record<BenchmarkLevel, string> = {
  TOUR: 'the average professional on the PGA Tour.',
  SCRATCH: 'a scratch amateur, who averages about par.',
  EIGHTY: 'a player who usually shoots around 80.',
  NINETY: 'a player who usually shoots around 90.',
  HUNDRED: 'a player who usually shoots around 100.',
  LPGA: 'the average professional on the LPGA Tour.',
};

/** Help for new players: how to record a round, what strokes gained means, the categories and benchmarks. */
export default function HowToPage() {
  return (
    <Stack maw={760} gap="lg">
      <Title order={1} size="h2">
        How-To
      </Title>

      <section aria-labelledby="record-heading">
        <Title order={2} size="h3" id="record-heading" mb="xs">
          Recording a round shot by shot
        </Title>
        <Text mb="xs">
          Holeout measures every shot against what a benchmark golfer would expect to take from the same place. For that it needs three
          things for each stroke: where the ball lay, how far it was from the hole, and where it ended up.
        </Text>
        <List spacing={4} mb="sm">
          <List.Item>Choose Add Round, name the course and enter each hole&apos;s par.</List.Item>
          <List.Item>
            For every shot enter the lie it was played from and its distance to the hole. Putts are measured in your putt unit (feet by
            default); all other shots in your long unit (yards by default). Change both under My Profile, Units.
          </List.Item>
          <List.Item>Enter where the shot finished. The next shot starts from that lie.</List.Item>
          <List.Item>Optionally note the direction of a miss (long, short, left, right and the corners) to fill the miss charts.</List.Item>
        </List>
        <CodeTable label="Start lies" codeHeading="Lie" meaningHeading="Where the shot is played from" rows={START_LIES} mb="sm" />
        <CodeTable label="End locations" codeHeading="End" meaningHeading="Where the shot finished" rows={END_LOCATIONS} />
        <Text size="sm" mt="xs">
          After a shot into a hazard (H) you either play the next shot from H as it lies, with no penalty, or take a drop with one penalty
          stroke and record the next shot from wherever you dropped. Your score on a hole is the number of shots plus any penalty strokes.
        </Text>
        <Text size="sm" mt="xs">
          Example, a par 4 of 402 yards: T 402 to F; F 148 to G; G 24 ft to G; G 3 ft to I. Four shots, a par.
        </Text>
      </section>

      <section aria-labelledby="sg-heading">
        <Title order={2} size="h3" id="sg-heading" mb="xs">
          What strokes gained means
        </Title>
        <Text mb="xs">
          From every spot on the course a benchmark golfer needs, on average, a certain number of strokes to hole out. A shot gains strokes
          when it leaves you closer to holing out than that average says it should:
        </Text>
        <Text fw={600} ta="center" mb="xs">
          strokes gained = expected strokes before the shot − expected strokes after it − 1
        </Text>
        <Text mb="xs">
          Worked example against the PGA Tour: from the tee of a 400-yard hole a tour player needs 3.99 strokes on average. Your drive
          finishes in the fairway 100 yards out, from where a tour player needs 2.80. The drive gained 3.99 − 2.80 − 1 = <b>+0.19</b>{' '}
          strokes: better than a tour average drive. Had the same drive finished in the rough at 100 yards (3.02 expected), it would have
          lost strokes: 3.99 − 3.02 − 1 = −0.03. A holed putt gains the expected strokes from its distance minus 1, so holing from 8 feet
          (about 1.5 expected) gains about +0.5.
        </Text>
        <Text size="sm" c="dimmed">
          Expected-stroke figures in this example are the PGA Tour averages published by Mark Broadie in Every Shot Counts (Gotham Books,
          2014). Holeout adds up the gains and losses of all your shots in each category, per round, so you can see where your strokes go.
        </Text>
      </section>

      <section aria-labelledby="categories-heading">
        <Title order={2} size="h3" id="categories-heading" mb="xs">
          The categories
        </Title>
        <List spacing={4}>
          <List.Item>
            <b>Drive</b>: tee shots on par 4s and par 5s.
          </List.Item>
          <List.Item>
            <b>Approaches</b>: shots from outside 50 yards towards the green: short 50 to 100 yards, mid 100 to 150 yards, long over 150
            yards.
          </List.Item>
          <List.Item>
            <b>Chips</b>: shots from within 50 yards that are not putts, split by lie: from the fairway, from the rough and from sand.
          </List.Item>
          <List.Item>
            <b>Putts</b>: strokes from the green: short under 6 feet, mid 6 to 20 feet, lag over 20 feet.
          </List.Item>
          <List.Item>
            <b>Other</b>: everything that fits none of these, such as a shot played from a hazard.
          </List.Item>
        </List>
      </section>

      <section aria-labelledby="benchmarks-heading">
        <Title order={2} size="h3" id="benchmarks-heading" mb="xs">
          The six benchmarks
        </Title>
        <Text mb="xs">
          Strokes gained always compares you with someone. Pick the benchmark under My Profile; a benchmark close to your own level shows
          most clearly which parts of your game cost you strokes.
        </Text>
        <List spacing={4}>
          {BENCHMARK_LEVELS.map((level) => (
            <List.Item key={level}>
              <b>{BENCHMARK_LABELS[level]}</b>: {BENCHMARK_NOTES[level]}
            </List.Item>
          ))}
        </List>
      </section>

      <Text size="sm" c="dimmed">
        Questions or ideas? Write to <Anchor href="mailto:support@holeout.app">support@holeout.app</Anchor>.
      </Text>
    </Stack>
  );
}

/** A two-column table of one-letter codes and what they mean. */
function CodeTable(props: {
  label: string;
  codeHeading: string;
  meaningHeading: string;
  rows: readonly (readonly [string, string])[];
  mb?: string;
}) {
  return (
    <Table withTableBorder striped mb={props.mb} aria-label={props.label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{props.codeHeading}</Table.Th>
          <Table.Th>{props.meaningHeading}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map(([code, meaning]) => (
          <Table.Tr key={code}>
            <Table.Td fw={700}>{code}</Table.Td>
            <Table.Td>{meaning}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
