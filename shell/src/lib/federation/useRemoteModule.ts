import { useCallback, useEffect, useReducer, useRef } from 'react';

/** State machine of one remote load: loading → ready | error; error → (retry) → loading. */
export type RemoteState<T> =
  | { status: 'loading'; attempt: number; module?: undefined; error?: undefined }
  | { status: 'ready'; attempt: number; module: T; error?: undefined }
  | { status: 'error'; attempt: number; module?: undefined; error: Error };

export type RemoteAction<T> =
  | { type: 'resolved'; attempt: number; module: T }
  | { type: 'rejected'; attempt: number; error: Error }
  | { type: 'retry' };

export function remoteReducer<T>(state: RemoteState<T>, action: RemoteAction<T>): RemoteState<T> {
  switch (action.type) {
    case 'resolved':
      // a late answer from an older attempt is ignored
      return action.attempt === state.attempt ? { status: 'ready', attempt: state.attempt, module: action.module } : state;
    case 'rejected':
      return action.attempt === state.attempt ? { status: 'error', attempt: state.attempt, error: action.error } : state;
    case 'retry':
      return state.status === 'loading' ? state : { status: 'loading', attempt: state.attempt + 1 };
    default:
      return state;
  }
}

export function initialRemoteState<T>(cached?: T): RemoteState<T> {
  return cached === undefined ? { status: 'loading', attempt: 0 } : { status: 'ready', attempt: 0, module: cached };
}

export interface UseRemoteModuleOptions<T> {
  /** loads the module; called again on retry */
  load: () => Promise<T>;
  /** a module already loaded (skips the loading state when navigating back) */
  cached?: T;
  /** runs before a retry's new load (e.g. drop the federation caches of this remote) */
  onRetry?: () => void;
}

/** Tracks loading / error / retry of a remote module (advanced-api/dynamic-remotes pattern). */
export function useRemoteModule<T>({ load, cached, onRetry }: UseRemoteModuleOptions<T>) {
  const [state, dispatch] = useReducer(remoteReducer<T>, cached, initialRemoteState<T>);
  const loadRef = useRef(load);
  const onRetryRef = useRef(onRetry);
  useEffect(() => {
    loadRef.current = load;
    onRetryRef.current = onRetry;
  });

  const { status, attempt } = state;
  useEffect(() => {
    if (status !== 'loading') return;
    let isCurrent = true;
    loadRef.current().then(
      (module) => isCurrent && dispatch({ type: 'resolved', attempt, module }),
      (error: unknown) =>
        isCurrent &&
        dispatch({ type: 'rejected', attempt, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [status, attempt]);

  const retry = useCallback(() => {
    onRetryRef.current?.();
    dispatch({ type: 'retry' });
  }, []);

  return { ...state, retry };
}
