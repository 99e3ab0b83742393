// Fixed-window per-key rate limiter (in memory, one process).
export function createRateLimiter({ max, windowMs }) {
  const hits = new Map();
  let lastSweep = Date.now();
  return {
    /** Returns { ok, retryAfter } and counts the hit. */
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
