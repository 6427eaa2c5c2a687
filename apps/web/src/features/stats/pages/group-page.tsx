/**
 * Team players (group): a coach chooses the players of the team views, at most 15 (the statistics
 * count at most 15 players at once), from the players they share an organisation or an item with (GET /people), and saves them
 * in their settings (settings.group). Someone still in the saved group whom GET /people no longer
 * lists shows as 'Unknown' and can be unticked.
 */
import { Alert, Button, Card, Checkbox, ColorSwatch, Fieldset, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSaveSettings } from '../../account/index.ts';
import { usePeople } from '../../../lib/people.ts';
import { TEAM_AREAS } from '../lib/team-areas.ts';
import { groupCandidates, MAX_GROUP, nameMatches, type GroupCandidate } from '../lib/team-members.ts';
import { useSavedGroup } from '../../../lib/saved-group.ts';

/** With more players than this the list gets a search box. */
const SEARCH_OVER = 8;

function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((uid) => b.includes(uid));
}

function TeamLinks({ saved }: { saved: readonly number[] }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="team-views-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="team-views-heading">
          Team views
        </Title>
        {saved.length === 0 ? (
          <Text size="sm">Save at least one player to compare your team in the team views.</Text>
        ) : (
          <>
            <Text size="sm">Your saved {saved.length === 1 ? 'player' : `${saved.length} players`} side by side:</Text>
            <Group gap="xs" wrap="wrap">
              {TEAM_AREAS.map((info) => (
                <Button key={info.area} component={Link} to={info.team} variant="light" h={44}>
                  {info.title}
                </Button>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

function PlayerCheckbox({
  candidate,
  checked,
  full,
  fullMessageId,
  onToggle,
}: {
  candidate: GroupCandidate;
  checked: boolean;
  full: boolean;
  fullMessageId: string;
  onToggle: () => void;
}) {
  const blocked = full && !checked;
  return (
    <Group gap="sm" wrap="nowrap" mih={48} px="xs" component="li" style={{ listStyle: 'none' }}>
      <Checkbox
        size="md"
        checked={checked}
        disabled={blocked}
        onChange={onToggle}
        aria-describedby={blocked ? fullMessageId : undefined}
        label={candidate.name}
        description={candidate.missing ? 'No longer among your people' : blocked ? 'Team full' : undefined}
        styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1 } }}
        style={{ flex: 1 }}
      />
      <ColorSwatch color={candidate.colour} size={16} aria-hidden="true" />
    </Group>
  );
}

function GroupForm({ candidates, saved }: { candidates: GroupCandidate[]; saved: number[] }) {
  const [chosen, setChosen] = useState<number[]>(() => saved.slice(0, MAX_GROUP));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const saveSettings = useSaveSettings();
  const fullMessageId = useId();
  const full = chosen.length >= MAX_GROUP;
  const changed = !sameMembers(chosen, saved);
  const shown = useMemo(() => candidates.filter((candidate) => nameMatches(candidate.name, search)), [candidates, search]);

  function toggle(uid: number) {
    setStatus('');
    setChosen((current) =>
      current.includes(uid) ? current.filter((other) => other !== uid) : current.length >= MAX_GROUP ? current : [...current, uid],
    );
  }

  function save() {
    setStatus('');
    saveSettings.mutate(
      { group: chosen },
      {
        onSuccess: (settings) =>
          setStatus(`Team saved: ${(settings.group ?? chosen).length} ${(settings.group ?? chosen).length === 1 ? 'player' : 'players'}`),
      },
    );
  }

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text fw={600} aria-live="polite">
            {chosen.length} of {MAX_GROUP} chosen
          </Text>
          {full && (
            <Text size="sm" id={fullMessageId} role="note">
              A team view shows at most {MAX_GROUP} players. Untick a player to choose another.
            </Text>
          )}
          {candidates.length > SEARCH_OVER && (
            <TextInput
              label="Search players"
              placeholder="Name"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<IconSearch size={18} aria-hidden="true" />}
              size="md"
              type="search"
            />
          )}
          <Fieldset legend="Players" variant="unstyled">
            {shown.length === 0 ? (
              <Text size="sm">No player matches “{search.trim()}”.</Text>
            ) : (
              <Stack component="ul" gap={0} p={0} m={0}>
                {shown.map((candidate) => (
                  <PlayerCheckbox
                    key={candidate.uid}
                    candidate={candidate}
                    checked={chosen.includes(candidate.uid)}
                    full={full}
                    fullMessageId={fullMessageId}
                    onToggle={() => toggle(candidate.uid)}
                  />
                ))}
              </Stack>
            )}
          </Fieldset>
          <Group gap="sm" wrap="wrap">
            <Button h={44} onClick={save} disabled={!changed} loading={saveSettings.isPending}>
              Save team
            </Button>
            {chosen.length > 0 && (
              <Button
                h={44}
                variant="subtle"
                onClick={() => {
                  setStatus('');
                  setChosen([]);
                }}
              >
                Untick everyone
              </Button>
            )}
          </Group>
          <Text size="sm" role="status" mih={22}>
            {status && (
              <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
                <IconCheck size={16} aria-hidden />
                {status}
              </Group>
            )}
            {!status && changed && 'Not saved yet.'}
          </Text>
        </Stack>
      </Card>
      <TeamLinks saved={saved} />
    </Stack>
  );
}

export default function GroupPage() {
  const people = usePeople();
  const { group, isError, retry } = useSavedGroup();
  const saved = useMemo(() => [...new Set(group ?? [])], [group]);
  const candidates = useMemo(() => (people.data ? groupCandidates(people.data.people, saved) : []), [people.data, saved]);
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Team players
        </Title>
        <Text size="sm" c="dimmed">
          Choose up to {MAX_GROUP} players to compare side by side in the team views. Only rounds they share with you are counted.
        </Text>
      </Stack>
      {people.isError || isError ? (
        <Alert color="red" title="Your players could not be loaded">
          Check your connection and try again.
          <Group mt="sm">
            <Button
              variant="light"
              h={44}
              onClick={() => {
                if (people.isError) void people.refetch();
                if (isError) retry();
              }}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      ) : !people.data || group === undefined ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your players">
          <Skeleton height={28} width={160} />
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={44} radius="sm" />
          ))}
        </Stack>
      ) : candidates.length === 0 ? (
        <Alert color="blue" title="No players yet">
          Players appear here when they join one of your organisations or share something with you. Invite them to your organisation, then
          choose them here.
        </Alert>
      ) : (
        <GroupForm candidates={candidates} saved={saved} />
      )}
    </Stack>
  );
}
