/**
 * A value created once when this module is evaluated. Host and remotes compare it
 * (window.__citable) to prove that @citable/shared is a single instance on the page.
 */
export const sharedInstanceId: string = `shared-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** What one app (shell or a remote) sees of the shared singletons, recorded for the e2e identity test. */
export interface SharedProbe {
  sharedInstanceId: unknown;
  authStore: unknown;
  loadSupabase: unknown;
  i18n: unknown;
  react: unknown;
}

type ProbeWindow = typeof globalThis & {
  __citable?: { sharedInstanceId?: unknown; authStore?: unknown; apps: Record<string, SharedProbe> };
};

/**
 * Records, under `window.__citable.apps[app]`, the shared objects as imported by that app
 * (pass the app's own imports: `{ sharedInstanceId, authStore, loadSupabase, i18n }` and its React).
 * The shell's values are also exposed as `window.__citable.sharedInstanceId` / `.authStore`.
 * (Explicit values, not a namespace object: webpack trims namespaces of shared modules to the names used.)
 */
export function recordSharedProbe(app: string, seen: Omit<SharedProbe, 'react'>, react: unknown): void {
  const probe: SharedProbe = { ...seen, react };
  const w = globalThis as ProbeWindow;
  const target = (w.__citable ??= { apps: {} });
  target.apps[app] = probe;
  if (app === 'shell') {
    target.sharedInstanceId = probe.sharedInstanceId;
    target.authStore = probe.authStore;
  }
}
