import { lazy, Suspense, useSyncExternalStore } from 'react';
import type * as MantineNotifications from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import { i18n } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/*
 * Toasts without @mantine/notifications in the first download: the library (and the toast container)
 * is fetched the first time a toast is shown — most visits of the public pages never show one.
 * The library stays the page's one shared instance (a module-federation singleton), so a toast
 * shown by any app lands in the one container the shell renders.
 */

// a failed download can be retried by the next toast
const loadLibrary = loadOnce<typeof MantineNotifications>(() => import('@mantine/notifications'));
let isRequested = false;
const listeners = new Set<() => void>();

/** How long a toast stays: a success or an information goes on time, an error stays longer (to be read). */
export const TOAST_AUTO_CLOSE_MS = 4000;
export const ERROR_TOAST_AUTO_CLOSE_MS = 8000;

/** The toast's own time unless given: errors (red) stay longer than the others. */
export const toastAutoClose = (data: Pick<NotificationData, 'color' | 'autoClose'>): NotificationData['autoClose'] =>
  data.autoClose ?? (data.color === 'red' ? ERROR_TOAST_AUTO_CLOSE_MS : TOAST_AUTO_CLOSE_MS);

/**
 * Shows a toast (Mantine notification); the first call downloads the notifications library.
 * Its close button is named in the reader's language (Mantine's has no name of its own).
 */
export function showToast(data: NotificationData): void {
  if (!isRequested) {
    isRequested = true;
    listeners.forEach((listener) => listener());
  }
  loadLibrary()
    .then(({ notifications }) =>
      notifications.show({
        ...data,
        autoClose: toastAutoClose(data),
        closeButtonProps: { 'aria-label': i18n.t('platform:toast.close'), ...data.closeButtonProps },
      }),
    )
    .catch((error: unknown) => console.error('[toast] could not show', data.title, error));
}

/**
 * Closes the toast shown with this `id` (showToast({ id, … })), e.g. a form's error once it is fixed.
 * Nothing to do when no toast was ever asked for (the library is not downloaded for that).
 */
export function hideToast(id: string): void {
  if (!isRequested) return;
  loadLibrary()
    .then(({ notifications }) => notifications.hide(id))
    .catch(() => undefined);
}

/**
 * Where the toasts go: at the bottom right (across the bottom on a phone), never over the header
 * and the screens' main buttons at the top ("Nouvelle page", "Ajouter un mot-clé", "+ Ajouter un site").
 * They sit above the phone's bottom area: the home indicator (safe area) and a bottom bar, when a layout
 * declares its height in --citable-bottom-bar. The containers let clicks through, only the toasts take them;
 * a hovered toast waits only while it is hovered (pauseResetOnHover 'notification').
 */
// only the bottom containers move up: the top ones keep their place (a 'bottom' given to every container
// stretched the top ones down the whole right side of the page)
// and the description in gray.7 (#495057, 8:1 on white): Mantine's dimmed grey (#868e96) is 3.3:1, under AA
const TOAST_CSS =
  `.citable-toasts[data-position^="bottom"]{bottom:calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom, 0px) + var(--citable-bottom-bar, 0px))}` +
  `.citable-toasts .mantine-Notification-description{color:var(--mantine-color-gray-7)}`;

function Toasts({ Notifications }: { Notifications: typeof MantineNotifications.Notifications }) {
  // on a phone the 400 px container is narrowed to the screen less its margins (Mantine's max-width):
  // across the bottom
  return (
    <>
      <style>{TOAST_CSS}</style>
      <Notifications
        position="bottom-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseResetOnHover="notification"
        containerWidth={400}
        limit={3}
        classNames={{ root: 'citable-toasts' }}
        styles={{ root: { pointerEvents: 'none' }, notification: { pointerEvents: 'auto' } }}
        data-testid="toasts"
      />
    </>
  );
}

const LazyNotifications = lazy(async () => {
  const { Notifications } = await loadLibrary();
  return { default: () => <Toasts Notifications={Notifications} /> };
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast container, mounted once a toast has been asked for (place it inside MantineProvider). */
export function ToastContainer() {
  const isNeeded = useSyncExternalStore(subscribe, () => isRequested, () => false);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <LazyNotifications />
    </Suspense>
  );
}
