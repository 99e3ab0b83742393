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

const LazyNotifications = lazy(async () => ({ default: (await loadLibrary()).Notifications }));

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
      {/* below the 64 px header, so a toast never covers its controls (account menu, burger). The offset
          reaches every position's container (the empty bottom ones then span the window's right side):
          the containers let clicks through, only the toasts themselves take them. */}
      <LazyNotifications
        position="top-right"
        styles={{ root: { top: 'calc(64px + var(--mantine-spacing-xs))', pointerEvents: 'none' }, notification: { pointerEvents: 'auto' } }}
      />
    </Suspense>
  );
}
