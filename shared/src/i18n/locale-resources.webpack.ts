import type { Resource } from 'i18next';

/**
 * Every `locales/<lng>/<namespace>.json` file, collected at build time by webpack.
 * (In jest this module is mapped to scripts/jest/locale-resources.cjs, which reads the same files.)
 */
interface WebpackContext {
  keys(): string[];
  (id: string): unknown;
}
type RequireWithContext = { context(dir: string, deep: boolean, filter: RegExp): WebpackContext };

const context = (require as unknown as RequireWithContext).context('./locales', true, /^\.\/[a-z]{2}\/[\w-]+\.json$/);

export function loadLocaleResources(): Resource {
  const resources: Resource = {};
  for (const key of context.keys()) {
    const match = /^\.\/([a-z]{2})\/([\w-]+)\.json$/.exec(key);
    if (!match) continue;
    const [, lng, ns] = match;
    const mod = context(key) as { default?: Record<string, unknown> } & Record<string, unknown>;
    resources[lng] = { ...(resources[lng] ?? {}), [ns]: (mod.default ?? mod) as Record<string, string> };
  }
  return resources;
}
