import { fireEvent, render, screen } from '@testing-library/react';
import { CitableProviders, i18n } from '@citable/shared';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import errorLoadRemotePlugin from '../lib/federation/error-load-remote-plugin';
import { isRemoteLoadFailure } from '../lib/federation/remote-failure';

describe('RemoteErrorPanel', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('names the part that failed and retries', () => {
    const onRetry = jest.fn();
    render(
      <CitableProviders withNotifications={false}>
        <RemoteErrorPanel remote="marketing" error={new Error('Failed to fetch manifest')} onRetry={onRetry} />
      </CitableProviders>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The “marketing” part could not be loaded');
    expect(alert).toHaveTextContent('Failed to fetch manifest');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    render(
      <CitableProviders withNotifications={false}>
        <RemoteErrorPanel remote="reviewer" onRetry={() => {}} />
      </CitableProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('La partie « relecture » n’a pas pu être chargée');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

describe('errorLoadRemote runtime plugin', () => {
  const plugin = errorLoadRemotePlugin();
  const call = (lifecycle: string) =>
    (plugin.errorLoadRemote as (args: Record<string, unknown>) => unknown)({
      id: 'marketing/MarketingApp',
      error: new Error('ECONNREFUSED'),
      lifecycle,
      from: 'runtime',
      origin: {},
    });

  it('returns a marked fallback module at the final load step', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const fallback = call('onLoad');
    expect(isRemoteLoadFailure(fallback)).toBe(true);
    expect(fallback).toMatchObject({ id: 'marketing/MarketingApp', message: 'ECONNREFUSED' });
  });

  it('lets earlier steps fail through to the final one', () => {
    expect(call('afterResolve')).toBeUndefined();
  });
});
