// Async boundary: lets module federation negotiate shared singletons before any app code runs.
//
// The largest shared singletons are also requested here, each on its own: every one is evaluated as
// soon as its chunk has arrived (one task per chunk) instead of all of them in the single task that
// evaluates the bootstrap chunk once the last download has finished (a ~0.5 s long task on a slow
// phone). Same share scope, same singletons: these are the instances the bootstrap then imports.
const early: Promise<unknown>[] = [
  import('react-dom/client'),
  import('react-router-dom'),
  import('@mantine/core'),
  import('i18next'),
];
// a failed download is reported by the bootstrap import below (same chunks): no unhandled rejection here
for (const p of early) p.catch(() => undefined);
import('./bootstrap');
