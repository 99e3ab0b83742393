import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadSupabase } from '@citable/shared';
import { queryClient, queryKeys } from '@citable/shared/query';
import { NotificationsBell, badgeLabel, notificationLink, relativeTime } from './NotificationsBell';
import { renderWithProviders, resetAuthStore, signInAs, switchToFrench } from '../../../testing/render';
import { fakeNotificationsDb, notification } from '../../../testing/fakeNotifications';
import { arrivedSince, keysToRefresh, keysTouchedBy, type Notification } from '../../../lib/notifications/api';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

function withRows(list: Notification[], extra: { fail?: boolean } = {}) {
  const state = { list, ...extra };
  const fake = fakeNotificationsDb(state);
  load.mockResolvedValue(fake.client as never);
  return { state, ...fake };
}

beforeEach(async () => {
  queryClient.clear();
  resetAuthStore();
  signInAs();
  await switchToFrench();
});

const bell = () => screen.findByRole('button', { name: /^Notifications/ });

describe('NotificationsBell', () => {
  it('shows the real unread count in the badge and in the button’s name', async () => {
    withRows([notification(), notification({ kind: 'client_revision' }), notification({ read_at: '2026-11-20T10:00:00Z' }), notification()]);
    renderWithProviders(<NotificationsBell />);
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('3'));
    expect(await bell()).toHaveAccessibleName('Notifications (3 non lues)');
  });

  it('"9+" above nine; no badge at zero', async () => {
    withRows(Array.from({ length: 12 }, () => notification()));
    const { unmount } = renderWithProviders(<NotificationsBell />);
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('9+'));
    expect(await bell()).toHaveAccessibleName('Notifications (12 non lues)');
    unmount();
    queryClient.clear();
    withRows([notification({ read_at: '2026-11-20T10:00:00Z' })]);
    renderWithProviders(<NotificationsBell />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications (aucune non lue)' })).toBeInTheDocument());
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('');
  });

  it('lists them with a link to where to act; a deleted page has no link and says so', async () => {
    withRows([
      notification({ id: 101, kind: 'client_revision', site: 4, page: 9, body: 'Le titre est trop long.', created_at: new Date(Date.now() - 60_000).toISOString() }),
      notification({ id: 102, kind: 'action_failed', site: 4, page: 9, body: 'SERP_API_KEY manquante', created_at: new Date(Date.now() - 120_000).toISOString() }),
      notification({ id: 103, kind: 'new_request', site: 5, page: null, title: 'https://boulangerie.fr', created_at: new Date(Date.now() - 180_000).toISOString() }),
      notification({ id: 104, kind: 'client_approved', site: 4, page: null, title: 'Page disparue', created_at: new Date(Date.now() - 240_000).toISOString() }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<NotificationsBell />);
    await user.click(await bell());
    const list = await screen.findByRole('list', { name: 'Dernières notifications', hidden: true });
    const items = within(list).getAllByRole('listitem', { hidden: true });
    expect(items).toHaveLength(4);
    expect(within(items[0]).getByRole('link', { hidden: true })).toHaveAttribute('href', '/sites/4/pages/9/page-versions');
    expect(items[0]).toHaveTextContent('Le client demande une révision');
    expect(items[0]).toHaveTextContent('Le titre est trop long.');
    expect(items[0]).toHaveTextContent('il y a 1 minute');
    expect(within(items[1]).getByRole('link', { hidden: true })).toHaveAttribute('href', '/sites/4/pages/9');
    expect(within(items[2]).getByRole('link', { hidden: true })).toHaveAttribute('href', '/inbox');
    expect(within(items[3]).queryByRole('link', { hidden: true })).not.toBeInTheDocument();
    expect(items[3]).toHaveTextContent('Page supprimée');
    expect(items[3]).toHaveTextContent('Page disparue');
  });

  it('opening one marks it read and goes there; the badge drops', async () => {
    const { rpc } = withRows([
      notification({ id: 7, kind: 'client_revision', site: 1, page: 2, created_at: new Date(Date.now() - 60_000).toISOString() }),
      notification({ id: 8, created_at: new Date(Date.now() - 120_000).toISOString() }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<NotificationsBell />, { route: '/dashboard', path: '*' });
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2'));
    await user.click(await bell());
    const [first] = await screen.findAllByTestId('notification-item');
    expect(first).toHaveAttribute('data-unread', 'true');
    await user.click(within(first).getByRole('link', { hidden: true }));
    expect(rpc).toHaveBeenCalledWith('mark_notifications_read', { p_ids: [7] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveAttribute('data-pathname', '/sites/1/pages/2/page-versions'));
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1'));
  });

  it('"Tout marquer comme lu" marks all of them', async () => {
    const { rpc } = withRows([notification(), notification(), notification({ read_at: '2026-11-20T10:00:00Z' })]);
    const user = userEvent.setup();
    renderWithProviders(<NotificationsBell />);
    await user.click(await bell());
    await user.click(await screen.findByRole('button', { name: 'Tout marquer comme lu', hidden: true }));
    expect(rpc).toHaveBeenCalledWith('mark_notifications_read', {});
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications (aucune non lue)' })).toBeInTheDocument());
    for (const item of screen.getAllByTestId('notification-item')) expect(item).toHaveAttribute('data-unread', 'false');
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu', hidden: true })).toBeDisabled();
  });

  it('new ones appear without a reload (the poll)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { state } = withRows([]);
      renderWithProviders(<NotificationsBell />);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications (aucune non lue)' })).toBeInTheDocument());
      state.list = [notification({ kind: 'client_approved' })];
      await act(async () => {
        await jest.advanceTimersByTimeAsync(30_000);
      });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications (1 non lue)' })).toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('a new one makes the screens open on its page refetch: a client\'s revision is not shown as a draft (focus path)', async () => {
    const { state } = withRows([notification({ id: 500, kind: 'new_request', site: 3, page: null })]);
    renderWithProviders(<NotificationsBell />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications (1 non lue)' })).toBeInTheDocument());
    // what the versions screen, another page's versions and the Articles list hold, fresh (within STALE_TIME_MS)
    const versions = queryKeys.pageVersions.list(9);
    const other = queryKeys.pageVersions.list(10);
    for (const key of [versions, other, queryKeys.workQueue.all]) queryClient.setQueryData(key, []);
    state.list = [notification({ id: 501, kind: 'client_revision', site: 4, page: 9, version: 'v-1' }), ...state.list];
    // the tab gets the focus back: the bell asks again at once
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications (2 non lues)' })).toBeInTheDocument());
    await waitFor(() => expect(queryClient.getQueryState(versions)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(queryKeys.workQueue.all)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it('keysTouchedBy: what each kind of notification changed', () => {
    const n = (kind: Notification['kind'], extra: Partial<Notification> = {}) => notification({ kind, site: 4, page: 9, version: 'v-1', ...extra });
    expect(keysTouchedBy(n('client_revision'))).toEqual([
      queryKeys.pageVersions.lists(9),
      queryKeys.pageVersions.detail('v-1'),
      queryKeys.pages.lists(4),
      queryKeys.workQueue.all,
    ]);
    expect(keysTouchedBy(n('version_ready'))).toContainEqual(queryKeys.pageActions.lists(9));
    expect(keysTouchedBy(n('version_ready'))).toContainEqual(queryKeys.pages.detail(9));
    expect(keysTouchedBy(n('action_failed'))).toEqual([queryKeys.pageActions.lists(9), queryKeys.workQueue.all]);
    expect(keysTouchedBy(n('send_failed'))[0]).toEqual(['pageVersions', 'sends', { pageId: 9 }]);
    expect(keysTouchedBy(n('new_message', { page: null }))).toEqual([queryKeys.inbox.all]);
    expect(keysTouchedBy(n('client_approved', { page: null }))).toEqual([queryKeys.workQueue.all]);
    // the first answer is no news; only the ids not seen before count, each key once
    const a = n('client_approved', { id: 1 });
    const b = n('client_revision', { id: 2 });
    expect(arrivedSince([a], [b, a])).toEqual([b]);
    expect(keysToRefresh([a, b]).filter((k) => JSON.stringify(k) === JSON.stringify(queryKeys.workQueue.all))).toHaveLength(1);
  });

  it('an error says so and offers to retry', async () => {
    const { state } = withRows([], { fail: true });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsBell />);
    await user.click(await bell());
    expect(await screen.findByText('Impossible de charger les notifications.')).toBeInTheDocument();
    state.fail = false;
    state.list = [notification()];
    await user.click(screen.getByRole('button', { name: 'Réessayer', hidden: true }));
    expect(await screen.findByTestId('notification-item')).toBeInTheDocument();
  });
});

describe('helpers', () => {
  it('badgeLabel, notificationLink, relativeTime', async () => {
    expect([badgeLabel(1), badgeLabel(9), badgeLabel(10)]).toEqual(['1', '9', '9+']);
    expect(notificationLink({ kind: 'version_ready', site: 1, page: 2 })).toBe('/sites/1/pages/2/page-versions');
    expect(notificationLink({ kind: 'new_message', site: null, page: null })).toBe('/inbox');
    expect(notificationLink({ kind: 'client_approved', site: 1, page: null })).toBeNull();
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(relativeTime('2026-11-26T11:59:50Z', now)).toBe('maintenant');
    expect(relativeTime('2026-11-26T09:00:00Z', now)).toBe('il y a 3 heures');
    expect(relativeTime('2026-11-25T12:00:00Z', now)).toBe('hier');
  });
});
