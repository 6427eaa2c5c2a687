import { Button, Checkbox, ColorSwatch, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { tagBody, type TagBody, type TagResponse } from '@holeout/contracts';
import { CHART_COLOURS, PERMISSIONS, type Permission } from '@holeout/golf';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { personName, usePeople } from '../../../lib/people.ts';
import { DANGER, textColourOn } from '../../../lib/theme.ts';
import { useShareOrgs } from '../../../lib/share-orgs.ts';
import { useSaveTag } from '../api/tags.ts';

/** The chart colours offered as swatches, with the names a screen reader says. */
export const TAG_SWATCHES: readonly { name: string; hex: string }[] = [
  'Blue',
  'Red',
  'Green',
  'Amber',
  'Purple',
  'Teal',
  'Pink',
  'Lime',
  'Indigo',
  'Orange',
  'Jade',
  'Magenta',
  'Olive',
  'Sky',
].map((name, i) => ({ name, hex: CHART_COLOURS[i]! }));

/** A tag's colour as a small square (decoration: the name always goes with it). */
export function TagSwatch({ colour }: { colour: string | null }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 20,
        height: 20,
        flexShrink: 0,
        borderRadius: 4,
        background: colour ?? 'transparent',
        border: colour ? undefined : '1px dashed var(--mantine-color-default-border)',
      }}
    />
  );
}

/** The first message per field of a failed parse or of the API's 400 details. */
function errorsByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** What a failed save says, and beside which field: a taken name (409) beside the name. */
export function saveErrors(cause: Error): Record<string, string> {
  if (!(cause instanceof ApiError)) return { form: cause.message };
  if (cause.status === 409) return { name: cause.message };
  if (Array.isArray(cause.details) && cause.details.length > 0) {
    return errorsByField(
      (cause.details as { field?: string; message?: string }[]).map((d) => ({
        path: [d.field ?? 'form'],
        message: d.message ?? cause.message,
      })),
    );
  }
  return { form: cause.message };
}

/** The whole body of a tag as saved, so a change of one part keeps the rest (shares above all). */
export function bodyOfTag(tag: TagResponse): TagBody {
  return {
    name: tag.name,
    colour: tag.colour,
    usershares: tag.usershares.filter((share) => share.uid !== tag.uid) as TagBody['usershares'],
    orgshares: tag.orgshares as TagBody['orgshares'],
  };
}

function ColourChoice({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        Colour
      </Text>
      <Group gap={6} role="group" aria-labelledby={labelId}>
        <Button variant="default" size="compact-sm" h={32} aria-pressed={value === ''} onClick={() => onChange('')}>
          {value === '' && <IconCheck size={14} aria-hidden style={{ marginRight: 4 }} />}
          None
        </Button>
        {TAG_SWATCHES.map((swatch) => {
          const chosen = value.toLowerCase() === swatch.hex;
          return (
            <ColorSwatch
              key={swatch.hex}
              component="button"
              type="button"
              color={swatch.hex}
              size={32}
              aria-label={swatch.name}
              aria-pressed={chosen}
              onClick={() => onChange(swatch.hex)}
              style={{ color: textColourOn(swatch.hex), cursor: 'pointer' }}
            >
              {chosen && <IconCheck size={18} aria-hidden />}
            </ColorSwatch>
          );
        })}
      </Group>
      <TextInput
        label="Or type one"
        description="#rrggbb"
        placeholder="#206bb6"
        maxLength={7}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.trim())}
        error={error}
        leftSection={<TagSwatch colour={/^#[0-9a-f]{6}$/i.test(value) ? value : null} />}
      />
    </Stack>
  );
}

/** Create a tag (tag null) or rename it and change its colour; its shares stay as they are. */
export function TagFormDialog({ tag, onClose }: { tag: TagResponse | null; onClose: () => void }) {
  const [name, setName] = useState(tag?.name ?? '');
  const [colour, setColour] = useState(tag?.colour ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTag();

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const shares = tag ? bodyOfTag(tag) : { usershares: [], orgshares: [] };
    const parsed = tagBody.safeParse({
      name,
      colour: colour === '' ? null : colour,
      usershares: shares.usershares,
      orgshares: shares.orgshares,
    });
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { tagId: tag?.tag_id ?? null, body: parsed.data },
      { onSuccess: onClose, onError: (cause) => setErrors(saveErrors(cause)) },
    );
  }

  return (
    <Modal opened onClose={onClose} title={tag ? `Edit the tag "${tag.name}"` : 'New tag'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            aria-required
            data-autofocus
          />
          <ColourChoice value={colour} onChange={setColour} error={errors.colour} />
          {errors.form && (
            <Text size="sm" c={DANGER} role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" h={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" h={44} loading={save.isPending}>
              {tag ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Who a tag is shared with: organisations and people, each seeing (read-only) every event of the
 * owner that carries it. People come from GET /people, the people the owner already shares with.
 */
export function TagShareDialog({ tag, onClose }: { tag: TagResponse; onClose: () => void }) {
  const orgs = useShareOrgs();
  const people = usePeople();
  const save = useSaveTag();
  const [orgIds, setOrgIds] = useState<number[]>(() => tag.orgshares.filter((s) => s.permissions >= PERMISSIONS.VIEW).map((s) => s.org_id));
  const [uids, setUids] = useState<number[]>(() =>
    tag.usershares.filter((s) => s.uid !== tag.uid && s.permissions >= PERMISSIONS.VIEW).map((s) => s.uid),
  );
  const [error, setError] = useState<string | null>(null);
  const nameOf = (uid: number) => personName(people.data?.people.find((p) => p.uid === uid));
  const addable = (people.data?.people ?? []).filter((p) => p.uid !== tag.uid && !uids.includes(p.uid));
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

  function submit() {
    const view = PERMISSIONS.VIEW as Permission;
    setError(null);
    save.mutate(
      {
        tagId: tag.tag_id,
        body: {
          name: tag.name,
          colour: tag.colour,
          usershares: uids.map((uid) => ({ uid, permissions: view })),
          orgshares: orgIds.map((org_id) => ({ org_id, permissions: view })),
        },
      },
      { onSuccess: onClose, onError: (cause) => setError(Object.values(saveErrors(cause))[0] ?? cause.message) },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Share the tag "${tag.name}"`}>
      <Stack>
        <Text size="sm">Those you share it with see, read-only, each of your events that carries this tag, now and later.</Text>
        <Stack gap="xs" role="group" aria-labelledby="tag-share-orgs">
          <Text id="tag-share-orgs" fw={600} size="sm">
            Organisations
          </Text>
          {orgs.isPending && <Loader size="sm" aria-label="Loading organisations" />}
          {orgs.isError && <Text size="sm">Your organisations could not be loaded.</Text>}
          {orgs.data?.length === 0 && <Text size="sm">You belong to no organisation.</Text>}
          {orgs.data?.map((org) => (
            <Checkbox
              key={org.org_id}
              size="md"
              label={`Everyone in ${org.name}`}
              checked={orgIds.includes(org.org_id)}
              onChange={(e) => setOrgIds(toggle(orgIds, org.org_id, e.currentTarget.checked))}
            />
          ))}
        </Stack>
        <Stack gap="xs" role="group" aria-labelledby="tag-share-people">
          <Text id="tag-share-people" fw={600} size="sm">
            People
          </Text>
          {uids.length === 0 && <Text size="sm">Not shared with anyone by name.</Text>}
          {uids.map((uid) => (
            <Checkbox key={uid} size="md" label={nameOf(uid)} checked onChange={() => setUids(uids.filter((x) => x !== uid))} />
          ))}
          {people.isPending && <Loader size="sm" aria-label="Loading people" />}
          {addable.length > 0 && (
            <NativeSelect
              label="Add a person"
              description="Someone you share an organisation or an item with"
              data={[
                { value: '', label: 'Choose a person' },
                ...addable.map((p) => ({ value: String(p.uid), label: `${personName(p)}${p.is_coach ? ' (coach)' : ''}` })),
              ]}
              value=""
              onChange={(e) => {
                const uid = Number(e.currentTarget.value);
                if (uid > 0) setUids([...uids, uid]);
              }}
            />
          )}
        </Stack>
        {error && (
          <Text size="sm" c={DANGER} role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" h={44} onClick={onClose}>
            Cancel
          </Button>
          <Button h={44} onClick={submit} loading={save.isPending}>
            Save sharing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
