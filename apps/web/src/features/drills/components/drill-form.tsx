import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DRILL_CATEGORIES,
  DRILL_FIELD_TYPES,
  drillBody,
  MAX_DRILL_FIELDS,
  MAX_SELECT_OPTIONS,
  MAX_STRING_FIELD,
  type DrillBody,
  type DrillField,
  type DrillFieldType,
  type DrillResponse,
  type FolderResponse,
} from '@holeout/contracts';
import { PERMISSIONS } from '@holeout/golf';
import { useRef, useState, type FormEvent } from 'react';
import { DANGER } from '../../../lib/theme.ts';
import { useFolders, useSaveDrill } from '../api/drills.ts';
import { DRILL_CATEGORY_LABELS, fieldKeyFromLabel, FIELD_TYPE_LABELS, type DrillCategory } from '../lib/drill-values.ts';
import { saveProblems } from './folder-dialog.tsx';

/** The editable part of a saved drill, as POST /drills?drill_id= takes it back (shares left out: unchanged). */
export function bodyOfDrill(drill: DrillResponse): DrillBody {
  return {
    title: drill.title,
    description: drill.description,
    category: drill.category,
    folder_id: drill.folder_id,
    fields: drill.fields,
    score_field: drill.score_field,
    higher_is_better: drill.higher_is_better,
  };
}

/** One field while the builder edits it: numbers as typed, so a half-typed "-" or "1." survives. */
export interface FieldDraft {
  /** Local identity for React and the score choice; not sent. */
  id: number;
  type: DrillFieldType;
  label: string;
  key: string;
  /** The key was typed (or saved before): it no longer follows the label. */
  keyTouched: boolean;
  required: boolean;
  min: string;
  max: string;
  step: string;
  unit: string;
  maxLength: string;
  options: string[];
}

export interface DrillDraft {
  title: string;
  description: string;
  category: DrillCategory | '';
  /** '' for unfiled. */
  folderId: string;
  fields: FieldDraft[];
  /** The id of the NUMBER field that is the score, or null. */
  scoreId: number | null;
  higherIsBetter: boolean;
}

const DEFAULT_STRING_MAX = 500;
const numberText = (value: number | null) => (value === null ? '' : String(value));

function emptyField(id: number, type: DrillFieldType = 'NUMBER'): FieldDraft {
  return {
    id,
    type,
    label: '',
    key: '',
    keyTouched: false,
    required: false,
    min: '',
    max: '',
    step: '',
    unit: '',
    maxLength: String(DEFAULT_STRING_MAX),
    options: [],
  };
}

function draftOfField(field: DrillField, id: number): FieldDraft {
  const draft: FieldDraft = {
    ...emptyField(id, field.type),
    label: field.label,
    key: field.key,
    keyTouched: true,
    required: field.required,
  };
  if (field.type === 'NUMBER')
    return { ...draft, min: numberText(field.min), max: numberText(field.max), step: numberText(field.step), unit: field.unit ?? '' };
  if (field.type === 'STRING') return { ...draft, maxLength: String(field.max) };
  if (field.type === 'SELECT') return { ...draft, options: [...field.options] };
  return draft;
}

/** The builder's starting point: the drill's own values, or a new drill with one number field. */
export function draftOfDrill(drill: DrillResponse | null, defaultFolderId: number | null = null): DrillDraft {
  if (!drill) {
    return {
      title: '',
      description: '',
      category: '',
      folderId: defaultFolderId === null ? '' : String(defaultFolderId),
      fields: [emptyField(1)],
      scoreId: null,
      higherIsBetter: true,
    };
  }
  const fields = drill.fields.map((field, index) => draftOfField(field, index + 1));
  const scoreIndex = drill.fields.findIndex((field) => field.key === drill.score_field);
  return {
    title: drill.title,
    description: drill.description,
    category: drill.category ?? '',
    folderId: drill.folder_id === null ? '' : String(drill.folder_id),
    fields,
    scoreId: scoreIndex >= 0 ? (fields[scoreIndex]?.id ?? null) : null,
    higherIsBetter: drill.higher_is_better,
  };
}

type Problems = Record<string, string>;

/** A number as typed: null when empty, NaN when it is not a number. A decimal comma is read as a point. */
function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The body a draft stands for, or the problems found before zod is asked (numbers that are not
 * numbers), by the path the API would name ("fields.0.min").
 */
export function candidateOfDraft(draft: DrillDraft): { body: Record<string, unknown>; problems: Problems } {
  const problems: Problems = {};
  const fields = draft.fields.map((field, index) => {
    const base = { type: field.type, key: field.key.trim(), label: field.label, required: field.required };
    const numberAt = (name: 'min' | 'max' | 'step' | 'maxLength', text: string) => {
      const value = parseNumber(text);
      if (Number.isNaN(value)) problems[`fields.${index}.${name === 'maxLength' ? 'max' : name}`] = 'Give a number, or leave it empty';
      return value;
    };
    switch (field.type) {
      case 'NUMBER':
        return {
          ...base,
          min: numberAt('min', field.min),
          max: numberAt('max', field.max),
          step: numberAt('step', field.step),
          unit: field.unit.trim() === '' ? null : field.unit,
        };
      case 'STRING':
        return { ...base, max: numberAt('maxLength', field.maxLength) ?? DEFAULT_STRING_MAX };
      case 'SELECT':
        return { ...base, options: field.options };
      case 'TOGGLE':
        return base;
    }
  });
  const score = draft.fields.find((field) => field.id === draft.scoreId);
  return {
    body: {
      title: draft.title,
      description: draft.description,
      category: draft.category === '' ? null : draft.category,
      folder_id: draft.folderId === '' ? null : Number(draft.folderId),
      fields,
      score_field: score ? score.key.trim() : null,
      higher_is_better: draft.higherIsBetter,
    },
    problems,
  };
}

/** A problem's path as the form shows it: an option's problem belongs to the options box. */
function problemPath(path: string): string {
  return path.replace(/^(fields\.\d+\.options)\.\d+$/, '$1');
}

/** Where a problem is, in words, for the list under the form: "Field 2 (Green speed)". */
function problemPlace(path: string, draft: DrillDraft): string | null {
  const field = /^fields\.(\d+)/.exec(path);
  if (field) {
    const index = Number(field[1]);
    const label = draft.fields[index]?.label.trim();
    return `Field ${index + 1}${label ? ` (${label})` : ''}`;
  }
  const names: Record<string, string> = {
    title: 'Title',
    description: 'Description',
    category: 'Category',
    folder_id: 'Folder',
    score_field: 'Score',
    fields: 'Fields',
  };
  return names[path] ?? null;
}

interface FieldEditorProps {
  field: FieldDraft;
  index: number;
  count: number;
  problems: Problems;
  onChange: (field: FieldDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function FieldEditor({ field, index, count, problems, onChange, onMove, onRemove }: FieldEditorProps) {
  const at = (name: string) => problems[`fields.${index}.${name}`];
  const name = `field ${index + 1}`;
  return (
    <Fieldset legend={`Field ${index + 1}`} data-testid="field-editor">
      <Stack gap="sm">
        <Group gap="xs" justify="flex-end">
          <ActionIcon variant="default" size={44} aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" size={44} aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            <IconArrowDown size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="outline" color={DANGER} size={44} aria-label={`Remove ${name}`} disabled={count === 1} onClick={onRemove}>
            <IconTrash size={20} aria-hidden />
          </ActionIcon>
        </Group>
        <TextInput
          label="Label"
          description="What the player reads, e.g. Putts made of 10"
          size="md"
          maxLength={60}
          value={field.label}
          onChange={(e) => onChange({ ...field, label: e.currentTarget.value })}
          error={at('label')}
          required
        />
        <NativeSelect
          label="Type"
          size="md"
          data={DRILL_FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }))}
          value={field.type}
          onChange={(e) => onChange({ ...field, type: e.currentTarget.value as DrillFieldType })}
          error={at('type')}
        />
        <TextInput
          label="Key"
          description="How results store this value: lower-case letters, digits and _, starting with a letter. Made from the label until you change it."
          size="md"
          maxLength={32}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={field.key}
          onChange={(e) => onChange({ ...field, key: e.currentTarget.value, keyTouched: true })}
          error={at('key')}
          required
        />
        {field.type === 'NUMBER' && (
          <Group grow wrap="wrap" gap="sm" align="flex-start">
            <TextInput
              label="Lowest"
              description="Optional"
              inputMode="decimal"
              size="md"
              miw={120}
              value={field.min}
              onChange={(e) => onChange({ ...field, min: e.currentTarget.value })}
              error={at('min')}
            />
            <TextInput
              label="Highest"
              description="Optional"
              inputMode="decimal"
              size="md"
              miw={120}
              value={field.max}
              onChange={(e) => onChange({ ...field, max: e.currentTarget.value })}
              error={at('max')}
            />
            <TextInput
              label="Step"
              description="Optional, e.g. 1 or 0.5"
              inputMode="decimal"
              size="md"
              miw={120}
              value={field.step}
              onChange={(e) => onChange({ ...field, step: e.currentTarget.value })}
              error={at('step')}
            />
            <TextInput
              label="Unit"
              description="Optional, e.g. ft"
              size="md"
              miw={120}
              maxLength={16}
              value={field.unit}
              onChange={(e) => onChange({ ...field, unit: e.currentTarget.value })}
              error={at('unit')}
            />
          </Group>
        )}
        {field.type === 'STRING' && (
          <TextInput
            label="Longest answer"
            description={`In characters, 1 to ${MAX_STRING_FIELD}`}
            inputMode="numeric"
            size="md"
            value={field.maxLength}
            onChange={(e) => onChange({ ...field, maxLength: e.currentTarget.value })}
            error={at('max')}
          />
        )}
        {field.type === 'SELECT' && (
          <TagsInput
            label="Options"
            description={`Type an option and press Enter; up to ${MAX_SELECT_OPTIONS}`}
            size="md"
            maxTags={MAX_SELECT_OPTIONS}
            value={field.options}
            onChange={(options) => onChange({ ...field, options })}
            error={at('options')}
            required
          />
        )}
        <Checkbox
          size="md"
          label="Required: every result must give it"
          checked={field.required}
          onChange={(e) => onChange({ ...field, required: e.currentTarget.checked })}
        />
      </Stack>
    </Fieldset>
  );
}

export interface DrillFormProps {
  /** The drill edited; null creates one. */
  drill: DrillResponse | null;
  /** The folder a new drill starts in. */
  defaultFolderId?: number | null;
  onClose: () => void;
  onSaved: (drill: DrillResponse) => void;
}

/**
 * Create or edit a drill: title, description, category, folder (one the caller may add to), and
 * the fields each attempt records, with the number field that is the score and its direction.
 * Checked with drillBody before sending; the API's reasons are shown beside the fields they name.
 */
export function DrillFormDialog({ drill, defaultFolderId = null, onClose, onSaved }: DrillFormProps) {
  const [draft, setDraft] = useState<DrillDraft>(() => draftOfDrill(drill, defaultFolderId));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string[]>([]);
  const nextId = useRef(draft.fields.reduce((max, field) => Math.max(max, field.id), 0) + 1);
  const folders = useFolders();
  const save = useSaveDrill();
  const narrow = useMediaQuery('(max-width: 40em)');

  const folderChoices = (folders.data ?? [])
    .filter((folder: FolderResponse) => folder.permissions >= PERMISSIONS.ADD || String(folder.folder_id) === draft.folderId)
    .map((folder) => ({ value: String(folder.folder_id), label: folder.name }));
  // A drill shared on its own may sit in a folder the caller cannot see: it stays there unless moved.
  if (draft.folderId !== '' && folders.isSuccess && !folderChoices.some((choice) => choice.value === draft.folderId))
    folderChoices.push({ value: draft.folderId, label: 'Its current folder' });
  const numberFields = draft.fields.filter((field) => field.type === 'NUMBER');

  function setField(index: number, next: FieldDraft) {
    const fields = [...draft.fields];
    const before = fields[index];
    if (!before) return;
    const others = fields.filter((_, i) => i !== index).map((field) => field.key);
    if (!next.keyTouched && next.label !== before.label)
      next = { ...next, key: next.label.trim() === '' ? '' : fieldKeyFromLabel(next.label, others) };
    fields[index] = next;
    const scoreId = draft.scoreId === next.id && next.type !== 'NUMBER' ? null : draft.scoreId;
    setDraft({ ...draft, fields, scoreId });
  }

  function moveField(index: number, by: -1 | 1) {
    const fields = [...draft.fields];
    const moved = fields[index];
    const other = fields[index + by];
    if (!moved || !other) return;
    fields[index] = other;
    fields[index + by] = moved;
    setDraft({ ...draft, fields });
  }

  function removeField(index: number) {
    const removed = draft.fields[index];
    setDraft({
      ...draft,
      fields: draft.fields.filter((_, i) => i !== index),
      scoreId: removed && removed.id === draft.scoreId ? null : draft.scoreId,
    });
  }

  function addField() {
    const id = nextId.current;
    nextId.current += 1;
    setDraft({ ...draft, fields: [...draft.fields, emptyField(id)] });
  }

  function showProblems(found: Problems) {
    setProblems(found);
    setFailure(
      Object.entries(found).map(([path, message]) => {
        const place = problemPlace(path, draft);
        return place ? `${place}: ${message}` : message;
      }),
    );
  }

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const candidate = candidateOfDraft(draft);
    const parsed = drillBody.safeParse(candidate.body);
    const found: Problems = { ...candidate.problems };
    if (!parsed.success) for (const issue of parsed.error.issues) found[problemPath(issue.path.join('.')) || 'form'] ??= issue.message;
    if (Object.keys(found).length > 0 || !parsed.success) {
      showProblems(found);
      return;
    }
    setProblems({});
    setFailure([]);
    save.mutate(
      { drillId: drill?.drill_id ?? null, body: parsed.data },
      {
        onSuccess: onSaved,
        onError: (cause) => {
          const byField: Problems = {};
          const details = (cause as { details?: unknown }).details;
          if (Array.isArray(details)) {
            for (const detail of details as { field?: unknown; message?: unknown }[]) {
              if (typeof detail?.field === 'string' && typeof detail.message === 'string')
                byField[problemPath(detail.field)] ??= detail.message;
            }
          }
          if (Object.keys(byField).length > 0) showProblems(byField);
          else {
            setProblems({});
            setFailure(saveProblems(cause));
          }
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={drill ? `Edit ${drill.title}` : 'New drill'} size="lg" fullScreen={narrow ?? false}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Title"
            size="md"
            maxLength={80}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            error={problems.title}
            required
          />
          <Textarea
            label="Description"
            description="How to set it up and play it"
            size="md"
            rows={4}
            maxLength={4000}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            error={problems.description}
          />
          <NativeSelect
            label="Category"
            description="The part of the game it practises"
            size="md"
            data={[
              { value: '', label: 'No category' },
              ...DRILL_CATEGORIES.map((category) => ({ value: category, label: DRILL_CATEGORY_LABELS[category] })),
            ]}
            value={draft.category}
            onChange={(e) => setDraft({ ...draft, category: e.currentTarget.value as DrillCategory | '' })}
            error={problems.category}
          />
          <NativeSelect
            label="Folder"
            description={folders.isError ? 'Your folders could not be loaded' : 'Folders you may add drills to'}
            size="md"
            data={[{ value: '', label: 'Unfiled' }, ...folderChoices]}
            value={draft.folderId}
            onChange={(e) => setDraft({ ...draft, folderId: e.currentTarget.value })}
            error={problems.folder_id}
          />

          <Stack gap="sm" component="section" aria-labelledby="drill-fields-heading">
            <Text id="drill-fields-heading" fw={700}>
              What each attempt records
            </Text>
            {draft.fields.map((field, index) => (
              <FieldEditor
                key={field.id}
                field={field}
                index={index}
                count={draft.fields.length}
                problems={problems}
                onChange={(next) => setField(index, next)}
                onMove={(by) => moveField(index, by)}
                onRemove={() => removeField(index)}
              />
            ))}
            {problems.fields && (
              <Text size="sm" c={DANGER}>
                {problems.fields}
              </Text>
            )}
            <div>
              <Button
                variant="default"
                h={44}
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={addField}
                disabled={draft.fields.length >= MAX_DRILL_FIELDS}
              >
                Add a field
              </Button>
            </div>
          </Stack>

          <NativeSelect
            label="Score"
            description="The number field progress charts follow"
            size="md"
            data={[
              { value: '', label: 'No score' },
              ...numberFields.map((field) => ({
                value: String(field.id),
                label: field.label.trim() || `Field ${draft.fields.indexOf(field) + 1}`,
              })),
            ]}
            value={draft.scoreId === null ? '' : String(draft.scoreId)}
            onChange={(e) => setDraft({ ...draft, scoreId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
            error={problems.score_field}
          />
          {draft.scoreId !== null && (
            <Radio.Group
              label="Which score is better"
              value={draft.higherIsBetter ? 'higher' : 'lower'}
              onChange={(value) => setDraft({ ...draft, higherIsBetter: value === 'higher' })}
            >
              <Stack gap="xs" mt={6}>
                <Radio size="md" value="higher" label="Higher is better" />
                <Radio size="md" value="lower" label="Lower is better" />
              </Stack>
            </Radio.Group>
          )}

          {failure.length > 0 && (
            <Alert color={DANGER} variant="light" title="The drill was not saved" role="alert" data-testid="drill-form-problems">
              <Stack gap={4}>
                {failure.map((problem) => (
                  <Text key={problem} size="sm">
                    {problem}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" h={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" h={44} loading={save.isPending}>
              {drill ? 'Save drill' : 'Create drill'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
