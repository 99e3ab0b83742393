import { act, renderHook, waitFor } from '@testing-library/react';
import { initialRemoteState, remoteReducer, useRemoteModule, type RemoteState } from './useRemoteModule';

describe('remoteReducer', () => {
  const loading: RemoteState<string> = { status: 'loading', attempt: 0 };

  it('goes loading → ready and loading → error for the current attempt', () => {
    expect(remoteReducer(loading, { type: 'resolved', attempt: 0, module: 'M' })).toEqual({ status: 'ready', attempt: 0, module: 'M' });
    const err = new Error('down');
    expect(remoteReducer(loading, { type: 'rejected', attempt: 0, error: err })).toEqual({ status: 'error', attempt: 0, error: err });
  });

  it('ignores answers from an older attempt', () => {
    const second: RemoteState<string> = { status: 'loading', attempt: 1 };
    expect(remoteReducer(second, { type: 'resolved', attempt: 0, module: 'old' })).toBe(second);
    expect(remoteReducer(second, { type: 'rejected', attempt: 0, error: new Error('old') })).toBe(second);
  });

  it('retry from error starts a new attempt; retry while loading is a no-op', () => {
    const failed: RemoteState<string> = { status: 'error', attempt: 2, error: new Error('x') };
    expect(remoteReducer(failed, { type: 'retry' })).toEqual({ status: 'loading', attempt: 3 });
    expect(remoteReducer(loading, { type: 'retry' })).toBe(loading);
  });

  it('starts ready when a module is already cached', () => {
    expect(initialRemoteState('cached')).toEqual({ status: 'ready', attempt: 0, module: 'cached' });
    expect(initialRemoteState()).toEqual({ status: 'loading', attempt: 0 });
  });
});

describe('useRemoteModule', () => {
  it('loads, fails, and recovers on retry (calling onRetry first)', async () => {
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('server down')).mockResolvedValueOnce('module v2');
    const onRetry = jest.fn();
    const { result } = renderHook(() => useRemoteModule({ load, onRetry }));

    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.message).toBe('server down');
    expect(load).toHaveBeenCalledTimes(1);

    act(() => result.current.retry());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.module).toBe('module v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('wraps non-Error rejections', async () => {
    const { result } = renderHook(() => useRemoteModule({ load: () => Promise.reject('plain string') }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBeInstanceOf(Error);
    expect(result.current.error?.message).toBe('plain string');
  });

  it('does not load when a cached module is given', () => {
    const load = jest.fn(async () => 'fresh');
    const { result } = renderHook(() => useRemoteModule({ load, cached: 'cached' }));
    expect(result.current).toMatchObject({ status: 'ready', module: 'cached' });
    expect(load).not.toHaveBeenCalled();
  });
});
