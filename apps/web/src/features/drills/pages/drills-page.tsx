import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconFolderPlus, IconPlus, IconSearch } from '@tabler/icons-react';
import type { DrillResponse, FolderResponse } from '@holeout/contracts';
import { hasPremiumAccess, PERMISSIONS } from '@holeout/golf';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { personName, usePeople } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useDeleteDrill, useDeleteFolder, useDrills, useFolders, useUnshareDrill } from '../api/drills.ts';
import { confirmDeleteDrill, confirmDeleteFolder, confirmUnshareDrill } from '../components/drill-confirm.tsx';
import { DrillFormDialog } from '../components/drill-form.tsx';
import { DrillShareDialog } from '../components/drill-share-dialog.tsx';
import { FolderDialog } from '../components/folder-dialog.tsx';
import { categoryLabel, scoreRule } from '../lib/drill-values.ts';

const drillPath = (drillId: number) => `${paths.drill}?drill_id=${drillId}`;

/** Whether a drill matches the search: its title, description or category, ignoring case. */
function matchesSearch(drill: DrillResponse, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [drill.title, drill.description, drill.category ? categoryLabel(drill.category) : ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

type Dialog =
  | { kind: 'drill'; drill: DrillResponse | null; folderId: number | null }
  | { kind: 'share'; drill: DrillResponse }
  | { kind: 'folder'; folder: FolderResponse | null }
  | null;

interface DrillActions {
  edit: (drill: DrillResponse) => void;
  share: (drill: DrillResponse) => void;
  remove: (drill: DrillResponse) => void;
  unshare: (drill: DrillResponse) => void;
}

function DrillCard({ drill, sharedBy, actions }: { drill: DrillResponse; sharedBy: string | null; actions: DrillActions }) {
  const id = useId();
  const owner = drill.permissions >= PERMISSIONS.OWNER;
  const score = scoreRule(drill);
  return (
    <Card component="li" withBorder padding="sm" data-testid="drill-card" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={drillPath(drill.drill_id)} fw={600} id={`${id}-title`} style={{ overflowWrap: 'anywhere' }} mih={28}>
            {drill.title}
          </Anchor>
          <Group gap={6}>
            <Badge variant="light" color="gray">
              {categoryLabel(drill.category)}
            </Badge>
            {sharedBy && (
              <Badge variant="outline" color="dark" style={{ textTransform: 'none' }}>
                {sharedBy}
              </Badge>
            )}
          </Group>
          {drill.description && (
            <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
              {drill.description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {drill.fields.length} {drill.fields.length === 1 ? 'field' : 'fields'}
            {score ? ` · ${score}` : ''}
          </Text>
        </Stack>
        {/* hideDetached off: floating-ui's check misreads zero-size layouts (jsdom) and hides a menu that is open. */}
        <Menu position="bottom-end" withinPortal hideDetached={false}>
          <Menu.Target>
            <ActionIcon variant="default" size={44} aria-label={`Actions for ${drill.title}`}>
              <IconDots size={20} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item mih={44} component={Link} to={drillPath(drill.drill_id)}>
              Open
            </Menu.Item>
            {drill.permissions >= PERMISSIONS.MODIFY && (
              <Menu.Item mih={44} onClick={() => actions.edit(drill)}>
                Edit
              </Menu.Item>
            )}
            {owner && (
              <Menu.Item mih={44} onClick={() => actions.share(drill)}>
                Share
              </Menu.Item>
            )}
            {owner && (
              <Menu.Item mih={44} color={DANGER} onClick={() => actions.remove(drill)}>
                Delete
              </Menu.Item>
            )}
            {!owner && (
              <Menu.Item mih={44} onClick={() => actions.unshare(drill)}>
                Unshare
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}

interface FolderGroupProps {
  /** null: the drills in no folder (or in a folder the caller cannot see). */
  folder: FolderResponse | null;
  drills: DrillResponse[];
  searching: boolean;
  uid: number;
  premium: boolean;
  nameOf: (uid: number) => string | null;
  actions: DrillActions;
  onNewDrill: (folderId: number | null) => void;
  onEditFolder: (folder: FolderResponse) => void;
  onDeleteFolder: (folder: FolderResponse) => void;
}

function FolderGroup({
  folder,
  drills,
  searching,
  uid,
  premium,
  nameOf,
  actions,
  onNewDrill,
  onEditFolder,
  onDeleteFolder,
}: FolderGroupProps) {
  const id = useId();
  const name = folder ? folder.name : 'Unfiled';
  const owner = folder !== null && folder.uid === uid;
  const canAdd = premium && (folder === null || folder.permissions >= PERMISSIONS.ADD);
  const sharedBy = folder && !owner ? nameOf(folder.uid) : null;
  return (
    <Stack component="section" gap="xs" aria-labelledby={`${id}-heading`} data-testid="drill-folder">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id={`${id}-heading`} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            {drills.length} {drills.length === 1 ? 'drill' : 'drills'}
            {folder && !owner ? ` · ${sharedBy ?? 'Shared with you'}` : ''}
          </Text>
        </Stack>
        {folder && (owner || canAdd) && (
          <Menu position="bottom-end" withinPortal hideDetached={false}>
            <Menu.Target>
              <ActionIcon variant="default" size={44} aria-label={`Folder actions for ${name}`}>
                <IconDots size={20} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canAdd && (
                <Menu.Item mih={44} onClick={() => onNewDrill(folder.folder_id)}>
                  New drill in this folder
                </Menu.Item>
              )}
              {owner && (
                <Menu.Item mih={44} onClick={() => onEditFolder(folder)}>
                  Rename and share
                </Menu.Item>
              )}
              {owner && (
                <Menu.Item mih={44} color={DANGER} onClick={() => onDeleteFolder(folder)}>
                  Delete folder
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {drills.length === 0 && !searching && (
        <Text size="sm" c="dimmed">
          {folder ? 'No drills in this folder yet.' : 'No unfiled drills.'}
        </Text>
      )}
      {drills.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={`${id}-heading`}>
          {drills.map((drill) => (
            <DrillCard
              key={drill.drill_id}
              drill={drill}
              sharedBy={drill.uid === uid ? null : (nameOf(drill.uid) ?? 'Shared with you')}
              actions={actions}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function LoadingLibrary() {
  return (
    <Stack gap="xs" aria-busy="true" data-testid="drills-loading">
      <VisuallyHidden role="status">Loading your drills</VisuallyHidden>
      {[0, 1, 2].map((row) => (
        <Card key={row} withBorder padding="sm" aria-hidden>
          <Skeleton height={18} width="50%" mb={8} />
          <Skeleton height={14} mb={6} />
          <Skeleton height={12} width="30%" />
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Drills (route drills, premium): the caller's library by folder, with the drills shared with them
 * (who shared each), a search over title, description and category; create and edit drills and
 * folders, share them, delete or unshare.
 */
export default function DrillsPage() {
  const uid = useSession((s) => s.user.uid);
  const premium = useSession((s) => hasPremiumAccess(s.subscription));
  const drills = useDrills();
  const folders = useFolders();
  const people = usePeople();
  const deleteDrill = useDeleteDrill();
  const unshareDrill = useUnshareDrill();
  const deleteFolder = useDeleteFolder();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);

  const nameOf = (owner: number): string | null =>
    people.data
      ? `Shared by ${personName(people.data.people.find((person) => person.uid === owner))}`
      : people.isError
        ? 'Shared with you'
        : null;
  const actions: DrillActions = {
    edit: (drill) => setDialog({ kind: 'drill', drill, folderId: drill.folder_id }),
    share: (drill) => setDialog({ kind: 'share', drill }),
    remove: (drill) => confirmDeleteDrill(() => deleteDrill.mutate(drill.drill_id)),
    unshare: (drill) => confirmUnshareDrill(() => unshareDrill.mutate(drill.drill_id)),
  };

  const loaded = drills.isSuccess && folders.isSuccess;
  const allDrills = drills.data ?? [];
  const allFolders = [...(folders.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const searching = search.trim() !== '';
  const shown = allDrills.filter((drill) => matchesSearch(drill, search)).sort((a, b) => a.title.localeCompare(b.title));
  const folderIds = new Set(allFolders.map((folder) => folder.folder_id));
  const groups: { folder: FolderResponse | null; drills: DrillResponse[] }[] = [
    ...allFolders.map((folder) => ({ folder, drills: shown.filter((drill) => drill.folder_id === folder.folder_id) })),
    { folder: null, drills: shown.filter((drill) => drill.folder_id === null || !folderIds.has(drill.folder_id)) },
  ].filter((group) => (searching ? group.drills.length > 0 : group.folder !== null || group.drills.length > 0));
  const empty = loaded && allDrills.length === 0 && allFolders.length === 0;

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Drills
      </Title>
      {premium && (
        <Group gap="xs">
          <Button
            h={44}
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'drill', drill: null, folderId: null })}
          >
            New drill
          </Button>
          <Button
            variant="default"
            h={44}
            leftSection={<IconFolderPlus size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'folder', folder: null })}
          >
            New folder
          </Button>
        </Group>
      )}
      {(drills.isPending || folders.isPending) && !drills.isError && !folders.isError && <LoadingLibrary />}
      {(drills.isError || folders.isError) && (
        <LoadFailed
          title="Your drills could not be loaded"
          onRetry={() => Promise.all([drills.isError ? drills.refetch() : null, folders.isError ? folders.refetch() : null])}
        />
      )}
      {empty && (
        <Card withBorder padding="lg" data-testid="drills-empty">
          <Stack gap="sm">
            <Title order={2} size="h4">
              No drills yet
            </Title>
            <Text size="sm">
              A drill is a practice routine with what each attempt records (putts made, distance, a choice, a note) and, if you like, a
              score to follow over time. Create one with New drill, keep them in folders, and share them with your coach or team. To record
              results, add a drill to a practice from the{' '}
              <Anchor component={Link} to={paths.calendar}>
                calendar
              </Anchor>{' '}
              or an event.
            </Text>
          </Stack>
        </Card>
      )}
      {loaded && !empty && (
        <>
          <TextInput
            type="search"
            label="Search drills"
            description="By title, description or category"
            size="md"
            leftSection={<IconSearch size={18} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Text size="sm" role="status" mih={20}>
            {searching
              ? shown.length === 0
                ? `No drill matches "${search.trim()}".`
                : `${shown.length} ${shown.length === 1 ? 'drill matches' : 'drills match'}.`
              : ''}
          </Text>
          {groups.map((group) => (
            <FolderGroup
              key={group.folder?.folder_id ?? 'unfiled'}
              folder={group.folder}
              drills={group.drills}
              searching={searching}
              uid={uid}
              premium={premium}
              nameOf={nameOf}
              actions={actions}
              onNewDrill={(folderId) => setDialog({ kind: 'drill', drill: null, folderId })}
              onEditFolder={(folder) => setDialog({ kind: 'folder', folder })}
              onDeleteFolder={(folder) => confirmDeleteFolder(folder.name, () => deleteFolder.mutate(folder.folder_id))}
            />
          ))}
        </>
      )}
      {dialog?.kind === 'drill' && (
        <DrillFormDialog
          drill={dialog.drill}
          defaultFolderId={dialog.folderId}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            if (!dialog.drill) void navigate(drillPath(saved.drill_id));
          }}
        />
      )}
      {dialog?.kind === 'share' && <DrillShareDialog drill={dialog.drill} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'folder' && <FolderDialog folder={dialog.folder} ownerUid={uid} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
