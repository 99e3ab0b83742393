import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemoteApp, preloadRemoteApp, registerRemotesFromConfig, resetRemote } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const load = loadRemote as jest.Mock;
const App = () => null;

beforeEach(() => {
  load.mockReset();
  (registerRemotes as jest.Mock).mockReset();
  registerRemotesFromConfig({ remotes: { marketing: 'http://m/mf-manifest.json', workspace: 'http://w/mf-manifest.json', reviewer: 'http://r/mf-manifest.json' } });
});

describe('preloadRemoteApp', () => {
  it('starts the download once; the first loadRemoteApp takes that load over, later ones load as before', async () => {
    load.mockResolvedValue({ default: App });
    preloadRemoteApp('marketing');
    preloadRemoteApp('marketing');
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('marketing/MarketingApp');
    await expect(loadRemoteApp('marketing')).resolves.toEqual({ default: App });
    expect(load).toHaveBeenCalledTimes(1);
    await loadRemoteApp('marketing');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a failed early load to the screen that takes it over, and Retry starts afresh', async () => {
    load.mockResolvedValue({ default: App });
    load.mockRejectedValueOnce(new Error('network down'));
    preloadRemoteApp('marketing');
    await expect(loadRemoteApp('marketing')).rejects.toThrow(/network down/);
    preloadRemoteApp('marketing');
    resetRemote('marketing');
    await expect(loadRemoteApp('marketing')).resolves.toEqual({ default: App });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
