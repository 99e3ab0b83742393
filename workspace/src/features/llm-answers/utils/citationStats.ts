/**
 * The citation figures above the answers table: per model, per page version and overall, how many
 * analysed answers cite the site's domain and name its brand (counted apart), each as k of n with a
 * 95 % Wilson interval, and the domains cited instead of the customer's (the competitors): counted
 * only in the answers that do not cite the site's domain, so a source cited next to the site is not
 * one cited in its place.
 * Answers not analysed yet (analysed_at null) are left out and counted apart.
 */
import { hostOf, isOnDomain } from '../../../utils/domain';
import { wilsonInterval, type Proportion } from './wilson';

export interface AnswerForStats {
  id: number;
  model: string;
  pages_version: string | null;
  analysed_at: string | null;
  brand_mentioned: boolean | null;
  domain_cited: boolean | null;
  cited_domains: string[] | null;
}

export interface Competitor {
  domain: string;
  /** number of answers citing it and not the site's domain */
  answers: number;
}

export interface CitationGroup {
  key: string;
  /** analysed answers */
  n: number;
  domain: Proportion | null;
  brand: Proportion | null;
  competitors: Competitor[];
}

export interface CitationStats {
  total: number;
  notAnalysed: number;
  overall: CitationGroup;
  byModel: CitationGroup[];
  /** newest version first (the order of `versionOrder`), then answers of an unknown version (key '') */
  byVersion: CitationGroup[];
}

function group(key: string, rows: readonly AnswerForStats[], siteDomain: string | null, maxCompetitors: number): CitationGroup {
  const n = rows.length;
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.domain_cited) continue; // cited next to the site, not instead of it
    for (const domain of new Set(row.cited_domains ?? [])) {
      if (!isOnDomain(domain, siteDomain)) counts.set(domain, (counts.get(domain) ?? 0) + 1);
    }
  }
  const competitors = [...counts.entries()]
    .map(([domain, answers]) => ({ domain, answers }))
    .sort((a, b) => b.answers - a.answers || a.domain.localeCompare(b.domain))
    .slice(0, maxCompetitors);
  return {
    key,
    n,
    domain: wilsonInterval(rows.filter((r) => r.domain_cited).length, n),
    brand: wilsonInterval(rows.filter((r) => r.brand_mentioned).length, n),
    competitors,
  };
}

export function computeCitationStats(
  answers: readonly AnswerForStats[],
  siteUrl: string | null | undefined,
  versionOrder: readonly string[] = [],
  { maxCompetitors = 8 }: { maxCompetitors?: number } = {},
): CitationStats {
  const siteDomain = hostOf(siteUrl);
  const analysed = answers.filter((a) => a.analysed_at !== null && a.domain_cited !== null && a.brand_mentioned !== null);

  const byModelRows = new Map<string, AnswerForStats[]>();
  const byVersionRows = new Map<string, AnswerForStats[]>();
  for (const row of analysed) {
    byModelRows.set(row.model, [...(byModelRows.get(row.model) ?? []), row]);
    const version = row.pages_version ?? '';
    byVersionRows.set(version, [...(byVersionRows.get(version) ?? []), row]);
  }
  const rank = (key: string) => {
    const i = versionOrder.indexOf(key);
    return key === '' ? Number.MAX_SAFE_INTEGER : i === -1 ? Number.MAX_SAFE_INTEGER - 1 : i;
  };

  return {
    total: answers.length,
    notAnalysed: answers.length - analysed.length,
    overall: group('overall', analysed, siteDomain, maxCompetitors),
    byModel: [...byModelRows.entries()]
      .map(([model, rows]) => group(model, rows, siteDomain, 5))
      .sort((a, b) => b.n - a.n || a.key.localeCompare(b.key)),
    byVersion: [...byVersionRows.entries()]
      .map(([version, rows]) => group(version, rows, siteDomain, 5))
      .sort((a, b) => rank(a.key) - rank(b.key)),
  };
}
