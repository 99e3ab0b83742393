/** Marker of the fallback module returned by the errorLoadRemote plugin. */
export const REMOTE_LOAD_FAILED = '__citableRemoteLoadFailed' as const;

export interface RemoteLoadFailure {
  [REMOTE_LOAD_FAILED]: true;
  id: string;
  message: string;
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[REMOTE_LOAD_FAILED] === true;
}

/** Error raised when a remote cannot be loaded; names the part that failed. */
export class RemoteLoadError extends Error {
  readonly remote: string;
  constructor(remote: string, message: string) {
    super(message);
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
}
