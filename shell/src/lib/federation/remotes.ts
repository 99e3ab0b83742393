import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@citable/shared';
import type MarketingApp from 'marketing/MarketingApp';
import type WorkspaceApp from 'workspace/WorkspaceApp';
import type ReviewerApp from 'reviewer/ReviewerApp';
import { isRemoteLoadFailure, RemoteLoadError } from './remote-failure';

/** The module each remote exposes to the shell, typed (see src/types/remotes.d.ts). */
export interface RemoteModules {
  marketing: { default: typeof MarketingApp };
  workspace: { default: typeof WorkspaceApp };
  reviewer: { default: typeof ReviewerApp };
}

export const REMOTE_EXPOSES: Record<RemoteName, string> = {
  marketing: 'marketing/MarketingApp',
  workspace: 'workspace/WorkspaceApp',
  reviewer: 'reviewer/ReviewerApp',
};

let registeredEntries: Partial<Record<RemoteName, string>> = {};

/** Registers the remotes of the runtime config (manifest URLs) with the federation runtime. */
export function registerRemotesFromConfig(config: Pick<RuntimeConfig, 'remotes'>): void {
  registeredEntries = { ...config.remotes };
  registerRemotes(
    (Object.keys(config.remotes) as RemoteName[]).map((name) => ({ name, entry: config.remotes[name] })),
  );
}

/** Loads started ahead of the first render (preloadRemoteApp), handed to the first loadRemoteApp. */
const early = new Map<RemoteName, Promise<{ default: ComponentType }>>();

/**
 * Starts downloading a remote's app before the shell has rendered the route that shows it: the shell
 * server sent a page of that remote, so its files are fetched while the shell renders. The first
 * loadRemoteApp(name) takes this load over; a failed one is reported there (and Retry starts afresh).
 */
export function preloadRemoteApp(name: RemoteName): void {
  if (early.has(name)) return;
  const pending = loadRemoteAppNow(name);
  pending.catch(() => undefined);
  early.set(name, pending);
}

/** Re-registers one remote, dropping every cache of the previous attempt (used by Retry). */
export function resetRemote(name: RemoteName): void {
  early.delete(name);
  const entry = registeredEntries[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

/** Loads the component a remote exposes; rejects with RemoteLoadError naming the remote. */
export function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  const started = early.get(name);
  if (started) {
    early.delete(name);
    return started;
  }
  return loadRemoteAppNow(name);
}

async function loadRemoteAppNow(name: RemoteName): Promise<{ default: ComponentType }> {
  let mod: unknown;
  try {
    mod = await loadRemote<RemoteModules[typeof name]>(REMOTE_EXPOSES[name]);
  } catch (error) {
    throw new RemoteLoadError(name, error instanceof Error ? error.message : String(error));
  }
  if (isRemoteLoadFailure(mod)) throw new RemoteLoadError(name, mod.message);
  const candidate = mod as { default?: unknown } | null;
  if (!candidate || typeof candidate.default !== 'function') {
    throw new RemoteLoadError(name, `${REMOTE_EXPOSES[name]} does not default-export a component`);
  }
  return candidate as { default: ComponentType };
}
