import { Avatar } from '@mantine/core';

/** An organisation's logo, or its initials on the theme colour when it has none. */
export function OrgLogo({ name, logoUrl, size = 48 }: { name: string; logoUrl: string | null; size?: number }) {
  if (logoUrl) return <Avatar src={logoUrl} alt={`${name} logo`} size={size} radius="sm" styles={{ image: { objectFit: 'contain' } }} />;
  // The initials repeat the name beside them: hidden from assistive technology.
  return <Avatar name={name} color="brand" size={size} radius="sm" aria-hidden />;
}
