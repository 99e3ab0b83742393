// GoTrue's per-address e-mail interval (GOTRUE_SMTP_MAX_FREQUENCY): a mail of one kind to one
// address at most every `emailMinInterval` seconds; sooner answers 429 over_email_send_rate_limit.
import { errors } from './errors.js';

/** @typedef {import('./types.js').Timestamp} Timestamp */
/** @typedef {import('./types.js').UnknownAddressLimiter} UnknownAddressLimiter */

/**
 * Throws 429 when the last mail (sent at `sentAt`) is more recent than the interval.
 * @param {number} emailMinInterval seconds; 0 or less turns the check off
 * @param {Timestamp | undefined} sentAt
 */
export function checkEmailInterval(emailMinInterval, sentAt) {
  if (!sentAt || emailMinInterval <= 0) return;
  const elapsed = (Date.now() - new Date(sentAt).getTime()) / 1000;
  if (elapsed < emailMinInterval) throw errors.overEmailRateLimit(Math.ceil(emailMinInterval - elapsed));
}

const UNKNOWN_MAX = 100_000;

/**
 * The same per-address interval for addresses without an account, which get no mail: a second
 * request within the interval answers 429 whether the account exists or not (no enumeration).
 * In memory, per process; only the last request time per address and kind is kept.
 * @param {number} emailMinInterval seconds
 * @returns {UnknownAddressLimiter}
 */
export function createUnknownAddressLimiter(emailMinInterval) {
  /** @type {Map<string, number>} */
  const sentAt = new Map();
  return {
    check(kind, email) {
      if (emailMinInterval <= 0) return;
      const key = `${kind}:${email}`;
      const now = Date.now();
      const last = sentAt.get(key);
      checkEmailInterval(emailMinInterval, last === undefined ? undefined : new Date(last));
      sentAt.delete(key);
      sentAt.set(key, now);
      // Oldest first (insertion order): drop what is past the interval, and beyond the cap.
      for (const [k, at] of sentAt) {
        if (sentAt.size <= UNKNOWN_MAX && now - at < emailMinInterval * 1000) break;
        sentAt.delete(k);
      }
    },
  };
}
