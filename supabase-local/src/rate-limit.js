// Fixed-window per-key rate limiter (in memory, one process).

/** @typedef {{ max: number, windowMs: number }} RateLimit at most `max` hits per key in `windowMs` */

/** @param {RateLimit} limit */
export function createRateLimiter({ max, windowMs }) {
  /** @type {Map<string, { count: number, reset: number }>} */
  const hits = new Map();
  let lastSweep = Date.now();
  return {
    /**
     * Counts a hit for `key`: ok false past the limit, retryAfter the seconds to the window's end.
     * @param {string} key
     * @returns {{ ok: boolean, retryAfter: number }}
     */
    hit(key) {
      const now = Date.now();
      if (now - lastSweep > windowMs) {
        for (const [k, v] of hits) if (v.reset <= now) hits.delete(k);
        lastSweep = now;
      }
      let e = hits.get(key);
      if (!e || e.reset <= now) {
        e = { count: 0, reset: now + windowMs };
        hits.set(key, e);
      }
      e.count += 1;
      return { ok: e.count <= max, retryAfter: Math.max(1, Math.ceil((e.reset - now) / 1000)) };
    },
  };
}
