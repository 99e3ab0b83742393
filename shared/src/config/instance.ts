/**
 * A value created once when this module is evaluated. Host and remotes compare it
 * (window.__citable) to prove that @citable/shared is a single instance on the page.
 */
export const sharedInstanceId: string = `shared-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** What one app (shell or a remote) sees of the shared singletons, recorded for the e2e identity test. */
export interface SharedProbe {
  sharedInstanceId: unknown;
  authStore: unknown;
  getSupabase: unknown;
  i18n: unknown;
  react: unknown;
}

type ProbeWindow = typeof globalThis & {
  __citable?: { sharedInstanceId?: unknown; authStore?: unknown; apps: Record<string, SharedProbe> };
};

/**
 * Records, under `window.__citable.apps[app]`, the shared objects as imported by that app
 * (`sharedNamespace` is the app's own `import * as shared from '@citable/shared'`).
 * The shell's values are also exposed as `window.__citable.sharedInstanceId` / `.authStore`.
 */
export function recordSharedProbe(app: string, sharedNamespace: object, react: unknown): void {
  const ns = sharedNamespace as Record<string, unknown>;
  const probe: SharedProbe = {
    sharedInstanceId: ns.sharedInstanceId,
    authStore: ns.authStore,
    getSupabase: ns.getSupabase,
    i18n: ns.i18n,
    react,
  };
  const w = globalThis as ProbeWindow;
  const target = (w.__citable ??= { apps: {} });
  target.apps[app] = probe;
  if (app === 'shell') {
    target.sharedInstanceId = probe.sharedInstanceId;
    target.authStore = probe.authStore;
  }
}
