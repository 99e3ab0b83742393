import { lazy, Suspense, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type MarketingFooter from 'marketing/SiteFooter';

const Nothing: ComponentType = () => null;

/**
 * The public site's footer, owned by the marketing remote (`marketing/SiteFooter`), under the shell's own
 * public screens (/auth): every public page ends the same way. A footer that cannot be loaded is left
 * out quietly: the screen above it works without it.
 */
const RemoteFooter = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    const mod = await loadRemote<{ default: typeof MarketingFooter }>('marketing/SiteFooter');
    if (mod && typeof mod.default === 'function') return { default: mod.default };
  } catch (error) {
    console.warn('[shell] the site footer could not be loaded', error);
  }
  return { default: Nothing };
});

export function SiteFooter() {
  return (
    <Suspense fallback={null}>
      <RemoteFooter />
    </Suspense>
  );
}
