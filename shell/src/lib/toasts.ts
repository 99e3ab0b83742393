import { showToast } from '@citable/shared';
import type { AuthError } from '@supabase/supabase-js';

/** Error toast (destructive style) with the server's message when there is one. */
export function showErrorToast(title: string, message: string) {
  showToast({ color: 'red', title, message, autoClose: 7000 });
}

export function showSuccessToast(title: string, message: string) {
  showToast({ color: 'teal', title, message });
}

/** The server message of an auth error, or a generic text when the error carries none. */
export function serverMessage(error: Pick<AuthError, 'message'> | Error | null | undefined, fallback: string): string {
  const message = error?.message?.trim();
  return message && message !== '{}' ? message : fallback;
}
