import { loadOnce } from './loadOnce';

describe('loadOnce', () => {
  it('loads once and gives every caller the same promise, then the value', async () => {
    const load = jest.fn(async () => 42);
    const get = loadOnce(load);
    expect(get.peek()).toBeUndefined();
    const first = get();
    expect(get()).toBe(first);
    expect(await first).toBe(42);
    expect(get.peek()).toBe(42);
    expect(get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('ok');
    const get = loadOnce<string>(load);
    await expect(get()).rejects.toThrow('offline');
    expect(get.peek()).toBeUndefined();
    await expect(get()).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
