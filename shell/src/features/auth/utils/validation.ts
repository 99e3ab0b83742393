import type { TFunction } from 'i18next';

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
