import { Button, ColorSwatch, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { tagBody, type TagBody, type TagResponse } from '@holeout/contracts';
import { CHART_COLOURS, PERMISSIONS } from '@holeout/golf';
import { useId, useState, type FormEvent } from 'react';
import { ShareEditor, shareDraftOf, sharesOfDraft, type ShareDraft, type ShareLevel } from '../../../components/share-editor.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { DANGER, textColourOn } from '../../../lib/theme.ts';
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

/** A tag grants View only: each organisation and person is a checkbox. */
const TAG_SHARE_LEVELS: readonly ShareLevel[] = [
  { value: String(PERMISSIONS.NONE), label: 'No access' },
  { value: String(PERMISSIONS.VIEW), label: 'View' },
];

/**
 * Who a tag is shared with: organisations and people, each seeing (read-only) every event of the
 * owner that carries it. People come from GET /people, the people the owner already shares with.
 */
export function TagShareDialog({ tag, onClose }: { tag: TagResponse; onClose: () => void }) {
  const save = useSaveTag();
  const [shares, setShares] = useState<ShareDraft>(() => shareDraftOf(tag));
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const { usershares, orgshares } = sharesOfDraft(shares);
    setError(null);
    save.mutate(
      {
        tagId: tag.tag_id,
        body: {
          name: tag.name,
          colour: tag.colour,
          usershares: usershares.map(({ uid }) => ({ uid, permissions: PERMISSIONS.VIEW })),
          orgshares: orgshares.map(({ org_id }) => ({ org_id, permissions: PERMISSIONS.VIEW })),
        },
      },
      { onSuccess: onClose, onError: (cause) => setError(Object.values(saveErrors(cause))[0] ?? cause.message) },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Share the tag "${tag.name}"`}>
      <Stack>
        <Text size="sm">Those you share it with see, read-only, each of your events that carries this tag, now and later.</Text>
        <ShareEditor ownerUid={tag.uid} value={shares} onChange={setShares} levels={TAG_SHARE_LEVELS} />
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
