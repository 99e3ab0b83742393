/** The share-of-voice rows of the database grouped per engine, in the engines' order, for the card. */
import type { ShareRow } from '../api/report';

export interface EngineShare {
  engine: number;
  answers: number;
  citations: number;
  /** the top domains, largest share first; the site's row among them (at its rank, or last with 0) */
  rows: ShareRow[];
  site: ShareRow | null;
}

export function sharesByEngine(rows: readonly ShareRow[], engineOrder: readonly number[] = []): EngineShare[] {
  const byEngine = new Map<number, ShareRow[]>();
  for (const row of rows) byEngine.set(row.engine, [...(byEngine.get(row.engine) ?? []), row]);
  const rank = (id: number) => {
    const i = engineOrder.indexOf(id);
    return i === -1 ? engineOrder.length + id : i;
  };
  return [...byEngine.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([engine, list]) => {
      const sorted = [...list].sort((a, b) => b.answers - a.answers || a.domain.localeCompare(b.domain));
      return {
        engine,
        answers: list[0].engine_answers,
        citations: list[0].engine_citations,
        rows: sorted,
        site: sorted.find((r) => r.is_site) ?? null,
      };
    });
}
