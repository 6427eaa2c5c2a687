import { Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import type { TagResponse } from '@holeout/contracts';
import { PERMISSIONS } from '@holeout/golf';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { personName, usePeople } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useShareOrgs } from '../../../lib/share-orgs.ts';
import { useTags } from '../../../lib/tags.ts';
import { useDeleteTag } from '../api/tags.ts';
import { TagFormDialog, TagShareDialog, TagSwatch } from '../components/tag-dialogs.tsx';

/** The events list filtered by one tag (the events page reads ?tags=). */
const taggedEventsPath = (name: string) => `${paths.events}?tags=${encodeURIComponent(name)}`;

const eventCount = (n: number) => (n === 1 ? '1 event' : `${n} events`);
const byName = (a: TagResponse, b: TagResponse) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

type Dialog = { kind: 'new' } | { kind: 'edit' | 'share'; tag: TagResponse } | null;

/** "Not shared", or who sees it: organisations, then people by name. */
function useSharingSummary() {
  const people = usePeople();
  const orgs = useShareOrgs();
  return (tag: TagResponse): string => {
    const orgNames = tag.orgshares
      .filter((s) => s.permissions >= PERMISSIONS.VIEW)
      .map((s) => orgs.data?.find((org) => org.org_id === s.org_id)?.name ?? 'an organisation');
    const names = tag.usershares
      .filter((s) => s.uid !== tag.uid && s.permissions >= PERMISSIONS.VIEW)
      .map((s) => personName(people.data?.people.find((p) => p.uid === s.uid)));
    const all = [...orgNames, ...names];
    return all.length === 0 ? 'Not shared' : `Shared with ${all.join(', ')}`;
  };
}

function TagCard({ tag, detail, actions }: { tag: TagResponse; detail: string; actions?: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="li" data-testid="tag">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <span style={{ marginTop: 2 }}>
            <TagSwatch colour={tag.colour} />
          </span>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Anchor component={Link} to={taggedEventsPath(tag.name)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {tag.name}
            </Anchor>
            <Text size="sm">
              {eventCount(tag.events)} · {detail}
            </Text>
          </Stack>
        </Group>
        {actions}
      </Stack>
    </Card>
  );
}

/**
 * Tags (route tag-manager): the user's tags with colour, name, how many events carry each and who
 * sees them; rename, recolour, share, delete and create. Tags others shared are listed read-only.
 */
export default function TagManagerPage() {
  const uid = useSession((s) => s.user.uid);
  const tags = useTags();
  const people = usePeople();
  const remove = useDeleteTag();
  const summary = useSharingSummary();
  const [dialog, setDialog] = useState<Dialog>(null);
  const own = (tags.data ?? []).filter((tag) => tag.uid === uid).sort(byName);
  const shared = (tags.data ?? []).filter((tag) => tag.uid !== uid).sort(byName);

  function confirmDelete(tag: TagResponse) {
    modals.openConfirmModal({
      title: 'Delete tag',
      children: <Text size="sm">Delete the tag "{tag.name}"? Its events stay.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () => remove.mutate(tag.tag_id),
    });
  }

  const newTag = (
    <Button h={44} leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'new' })}>
      New tag
    </Button>
  );

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Tags
      </Title>
      <Text size="sm">
        Tags group your events: a season, a swing change, a course. Open a tag to see its events; share one to show them to a coach or a
        team.
      </Text>
      <Group>{newTag}</Group>
      {tags.isPending && (
        <Center mih={120}>
          <Loader aria-label="Loading tags" />
        </Center>
      )}
      {tags.isError && <LoadFailed title="Your tags could not be loaded" onRetry={() => tags.refetch()} />}
      {tags.isSuccess && (
        <Stack component="section" gap="xs" aria-labelledby="own-tags-heading">
          <Title order={2} size="h4" id="own-tags-heading">
            Your tags
          </Title>
          {own.length === 0 ? (
            <Card withBorder padding="lg" data-testid="tags-empty">
              <Text size="sm">
                No tags yet. Create one here, or type one in the Tags field of an event; then open a tag to see the events that carry it.
              </Text>
            </Card>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {own.map((tag) => (
                <TagCard
                  key={tag.tag_id}
                  tag={tag}
                  detail={summary(tag)}
                  actions={
                    <Group gap="xs">
                      <Button variant="default" h={44} aria-label={`Edit ${tag.name}`} onClick={() => setDialog({ kind: 'edit', tag })}>
                        Edit
                      </Button>
                      <Button variant="default" h={44} aria-label={`Share ${tag.name}`} onClick={() => setDialog({ kind: 'share', tag })}>
                        Share
                      </Button>
                      <Button
                        variant="outline"
                        color={DANGER}
                        h={44}
                        aria-label={`Delete ${tag.name}`}
                        onClick={() => confirmDelete(tag)}
                        loading={remove.isPending && remove.variables === tag.tag_id}
                      >
                        Delete
                      </Button>
                    </Group>
                  }
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}
      {shared.length > 0 && (
        <Stack component="section" gap="xs" aria-labelledby="shared-tags-heading">
          <Title order={2} size="h4" id="shared-tags-heading">
            Shared with you
          </Title>
          <Text size="sm">Read-only: their owners change them. Open one to see the events it shares with you.</Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {shared.map((tag) => (
              <TagCard
                key={tag.tag_id}
                tag={tag}
                detail={`Shared by ${people.isPending ? '…' : personName(people.data?.people.find((p) => p.uid === tag.uid))}`}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {dialog?.kind === 'new' && <TagFormDialog tag={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <TagFormDialog tag={dialog.tag} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'share' && <TagShareDialog tag={dialog.tag} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
