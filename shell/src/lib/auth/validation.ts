import type { TFunction } from 'i18next';
import { hideToast } from '@citable/shared';
import { showErrorToast } from '../toasts';
import './texts';

// Same shape as Mantine's isEmail: something@something.tld, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(t: TFunction, value: string): string | null {
  if (!value.trim()) return t('auth:validation.emailRequired');
  if (!EMAIL_RE.test(value.trim())) return t('auth:validation.emailInvalid');
  return null;
}

export function validatePassword(t: TFunction, value: string): string | null {
  return value ? null : t('auth:validation.passwordRequired');
}

export function validateConfirmation(t: TFunction, value: string): string | null {
  return value ? null : t('auth:validation.confirmRequired');
}

/** The id of the 'Les mots de passe ne correspondent pas' toast: closed once the passwords match. */
export const PASSWORD_MISMATCH_TOAST = 'auth-password-mismatch';

/**
 * Spec §5: password and confirmation must be equal, else the field error and the 'Erreur' /
 * 'Les mots de passe ne correspondent pas' toast, and nothing is sent. Returns whether they match;
 * when they do, an earlier mismatch toast still on screen is closed (it would contradict the form).
 */
export function checkPasswordsMatch(
  t: TFunction,
  { password, confirmPassword }: { password: string; confirmPassword: string },
  setFieldError: (path: 'confirmPassword', error: string) => void,
): boolean {
  if (password === confirmPassword) {
    hideToast(PASSWORD_MISMATCH_TOAST);
    return true;
  }
  setFieldError('confirmPassword', t('auth:validation.passwordMismatch'));
  showErrorToast(t('auth:toast.passwordMismatch.title'), t('auth:toast.passwordMismatch.message'), PASSWORD_MISMATCH_TOAST);
  return false;
}
