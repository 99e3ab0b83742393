/** E-mail addresses as the database takes them (sites.client_email, send_version_to_client). */
export const EMAIL_MAX = 320;

/** Something@a domain with a dot, no spaces, at most 320 characters (the same rule as the database's). */
export function isValidEmail(value: string): boolean {
  const text = value.trim();
  return text.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}
