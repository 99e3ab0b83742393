/**
 * The score the versions screen shows for the selected version: live while its HTML is edited (the
 * same contentScore as the worker, on the debounced draft), else the one the server saved, else —
 * the page has a brief but the server has not scored this version — the same function on the
 * version's HTML ('estimated').
 */
import { useMemo } from 'react';
import type { PageVersion } from '@citable/shared';
import { contentScore, type Brief, type Claim, type ContentScore } from '@citable/shared/engine';
import type { ScoreSource } from '../components/ScorePanel';
import { storedClaims, storedScore } from '../utils/score';

export interface VersionScore {
  score: ContentScore | null;
  source: ScoreSource | null;
  claims: Claim[] | null;
}

export function useVersionScore(version: PageVersion | null, brief: Brief | null, liveHtml: string | null): VersionScore {
  const claims = useMemo(() => (version ? storedClaims(version.claims) : null), [version]);
  const saved = useMemo(() => (version ? storedScore(version.score, version.score_parts) : null), [version]);
  const computed = useMemo(() => {
    if (!brief || !version) return null;
    const html = liveHtml ?? (saved ? null : (version.html_content ?? ''));
    return html === null ? null : contentScore({ html, brief, claims });
  }, [brief, version, liveHtml, saved, claims]);

  if (liveHtml !== null && computed) return { score: computed, source: 'live', claims };
  if (saved) return { score: saved, source: 'saved', claims };
  if (computed) return { score: computed, source: 'estimated', claims };
  return { score: null, source: null, claims };
}
