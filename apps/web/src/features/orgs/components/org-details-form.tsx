import { Alert, Button, Card, FileButton, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { orgBody, orgColour, type Org } from '@holeout/contracts';
import { DEFAULT_PRODUCT_NAME } from '@holeout/golf';
import { useId, useState, type FormEvent } from 'react';
import { mantineToaster } from '../../../lib/notify.ts';
import { headerColours } from '../../../lib/session/branding.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useSaveOrg } from '../api/save-org.ts';
import { LOGO_TYPES, logoFileProblem, useUploadMedia } from '../api/upload-media.ts';

interface Logo {
  mediaId: number;
  url: string;
}

/** The colour picker shows this while the text is empty or not yet a whole #rrggbb. */
const PICKER_FALLBACK = '#ffffff';

function ColourField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const pickerId = useId();
  const valid = orgColour.safeParse(value).success;
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Theme colour"
          description="Optional. #rrggbb, or pick one with the square."
          placeholder="#1b4d2e"
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.trim())}
          error={error}
          style={{ flex: 1 }}
        />
        <input
          id={pickerId}
          type="color"
          aria-label="Pick the theme colour"
          value={valid ? value.toLowerCase() : PICKER_FALLBACK}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={{
            width: 48,
            height: 44,
            padding: 2,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            background: 'none',
            cursor: 'pointer',
            flexShrink: 0,
          }}
        />
      </Group>
      {value !== '' && (
        <Group>
          <Button variant="subtle" size="sm" h={44} onClick={() => onChange('')}>
            No colour
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** How the menu header will look with this name, logo and colour (the rule the menu itself applies). */
function HeaderPreview({ name, logo, colour }: { name: string; logo: Logo | null; colour: string }) {
  const colours = headerColours({ colour });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Menu header preview
      </Text>
      <Paper
        withBorder
        p="sm"
        data-testid="header-preview"
        style={colours ? { backgroundColor: colours.background, color: colours.text } : undefined}
      >
        <Group gap="sm" wrap="nowrap">
          {logo && <Image src={logo.url} alt="" w={40} h={40} fit="contain" />}
          <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {name.trim() || DEFAULT_PRODUCT_NAME}
          </Text>
        </Group>
      </Paper>
    </Stack>
  );
}

/**
 * The organisation's name, theme colour and logo (POST /orgs?org_id=), or, with no organisation yet,
 * the purchaser's new one (POST /orgs). The logo is uploaded as soon as it is chosen (POST /media)
 * and takes effect when the form is saved.
 */
export function OrgDetailsForm({
  org,
  brandingIncluded,
  onSaved,
}: {
  org: Org | null;
  brandingIncluded: boolean | null;
  onSaved?: (saved: Org) => void;
}) {
  const save = useSaveOrg();
  const upload = useUploadMedia();
  const [name, setName] = useState(org?.name ?? '');
  const [colour, setColour] = useState(org?.colour ?? '');
  const [logo, setLogo] = useState<Logo | null>(org?.media_id && org.logo_url ? { mediaId: org.media_id, url: org.logo_url } : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const logoErrorId = useId();

  function chooseLogo(file: File | null) {
    if (!file) return;
    const problem = logoFileProblem(file);
    setErrors((previous) => ({ ...previous, logo: problem ?? '' }));
    if (problem) return;
    upload.mutate(file, {
      onSuccess: (stored) => setLogo({ mediaId: stored.media_id, url: stored.url }),
      onError: (cause) => setErrors((previous) => ({ ...previous, logo: cause.message })),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = orgBody.safeParse({ name, media_id: logo?.mediaId ?? null, colour: colour === '' ? null : colour.toLowerCase() });
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(byField);
      return;
    }
    setErrors({});
    save.mutate(
      { orgId: org?.org_id ?? null, body: parsed.data },
      {
        onSuccess: (saved) => {
          mantineToaster.show(org ? 'Organisation saved' : `${saved.name} created`, 'success');
          onSaved?.(saved);
        },
        onError: (cause) => setFormError(cause.message),
      },
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby="org-details-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="org-details-heading">
            {org ? 'Name, colour and logo' : 'Create your organisation'}
          </Title>
          {!org && (
            <Text size="sm">
              Your plan comes with an organisation. Name it to give seats to your coaches and players and to invite them.
            </Text>
          )}
          {brandingIncluded === false && (
            <Text size="sm" c="dimmed">
              Your plan does not include branding: members see {DEFAULT_PRODUCT_NAME} in the menu. The name still shows on invitations and
              in Organisation.
            </Text>
          )}
          <TextInput
            label="Name"
            required
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <ColourField value={colour} onChange={setColour} error={errors.colour} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Logo
            </Text>
            <Text size="xs" c="dimmed">
              PNG, JPEG or WebP, at most 2 MB. It is shown at most 512 pixels wide.
            </Text>
            <Group gap="sm">
              {logo ? (
                <Image src={logo.url} alt="Logo preview" w={64} h={64} fit="contain" radius="sm" data-testid="logo-preview" />
              ) : (
                <Text size="sm">No logo</Text>
              )}
              <FileButton
                onChange={chooseLogo}
                accept={LOGO_TYPES.join(',')}
                inputProps={{ 'aria-label': 'Logo file', 'data-testid': 'logo-input' } as Record<string, string>}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    h={44}
                    leftSection={<IconPhoto size={18} aria-hidden />}
                    loading={upload.isPending}
                    aria-describedby={errors.logo ? logoErrorId : undefined}
                  >
                    {logo ? 'Change logo' : 'Choose logo'}
                  </Button>
                )}
              </FileButton>
              {logo && (
                <Button
                  variant="subtle"
                  color={DANGER}
                  h={44}
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setLogo(null)}
                >
                  Remove logo
                </Button>
              )}
            </Group>
            {errors.logo && (
              <Text size="sm" c={DANGER} role="alert" id={logoErrorId}>
                {errors.logo}
              </Text>
            )}
          </Stack>
          <HeaderPreview name={name} logo={logo} colour={colour} />
          {formError && (
            <Alert color={DANGER} variant="light" role="alert" title={org ? 'Not saved' : 'Not created'}>
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" h={44} loading={save.isPending} disabled={upload.isPending}>
              {org ? 'Save' : 'Create organisation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
