import { Avatar } from '@mantine/core';
import { getRuntimeConfig } from '@citable/shared';
import { logoSrc } from '../utils/siteForm';

function backendUrl(): string {
  try {
    return getRuntimeConfig().supabaseUrl;
  } catch {
    return '';
  }
}

/** The URL the browser loads a stored logo from. */
export const resolveLogoUrl = (url: string | null | undefined) => logoSrc(url, backendUrl());

/** A site's logo, or its initial when there is none (or it cannot be loaded). */
export function SiteLogo({ url, name, size = 48 }: { url: string | null | undefined; name: string; size?: number }) {
  return (
    <Avatar src={resolveLogoUrl(url)} alt={name} size={size} radius="md" color="indigo" variant="light">
      {name.trim().charAt(0).toUpperCase() || 'S'}
    </Avatar>
  );
}
