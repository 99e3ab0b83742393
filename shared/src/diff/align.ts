/**
 * Side-by-side alignment of two texts — pure functions, no React, no DOM.
 *
 * 1. Both texts are split into lines (CRLF, CR and LF all end a line; a final newline does not
 *    make an extra empty line, so "a\nb" and "a\r\nb\r\n" have the same two lines).
 * 2. The line diff (`diffArrays` of the `diff` package over those lines, i.e. a Myers line diff)
 *    gives runs of unchanged, removed and added lines.
 * 3. A removed run next to an added run is a replacement: its lines are paired in order, most
 *    similar first (an ordered matching on shared words), as `changed` rows (left = old line,
 *    right = new line) with a word diff (`diffWordsWithSpace`) inside each pair; lone removed lines
 *    directly followed by lone added lines share rows too, wholly marked; the rest become `deleted`
 *    rows (right cell a spacer) or `added` rows (left cell a spacer). So every row has one cell per
 *    side and the two panes stay aligned.
 *
 * Limits that keep a screen responsive on huge inputs: the line diff gives up after
 * `lineDiffTimeoutMs` (then the whole text counts as replaced), the word diff is skipped for
 * lines longer than `maxWordDiffLineLength` or pairs needing more than `maxWordEdits` edits,
 * and for pairs with too little in common (then the whole line is marked as changed).
 */
import { diffArrays, diffWordsWithSpace } from 'diff';

/** A piece of a line's text; `changed` marks the words deleted (left) or added (right). */
export interface DiffSegment {
  text: string;
  changed: boolean;
}

/** What one side of a row shows. */
export type DiffCellKind = 'unchanged' | 'deleted' | 'added' | 'spacer';

export interface DiffCell {
  kind: DiffCellKind;
  /** 1-based line number in its text; null for a spacer */
  lineNumber: number | null;
  /** the line's text ('' for a spacer) */
  text: string;
  /** the text cut into segments; one unchanged segment for unchanged lines, [] for a spacer */
  segments: DiffSegment[];
}

/** unchanged: same line both sides; deleted: left only; added: right only; changed: a line replaced by another. */
export type DiffRowKind = 'unchanged' | 'deleted' | 'added' | 'changed';

export interface DiffRow {
  kind: DiffRowKind;
  left: DiffCell;
  right: DiffCell;
}

export interface AlignedDiff {
  rows: DiffRow[];
  /** true when both texts have the same lines (line endings and a final newline aside) */
  identical: boolean;
  stats: { unchanged: number; deleted: number; added: number; changed: number };
  /** true when the line diff gave up (timeout) and the texts are shown as wholly replaced */
  approximate: boolean;
}

export interface AlignOptions {
  /** give up on the line diff after this many ms (default 2000) */
  lineDiffTimeoutMs?: number;
  /** no word diff for a line longer than this (default 10000 characters) */
  maxWordDiffLineLength?: number;
  /** give up on a word diff needing more edits than this (default 400) */
  maxWordEdits?: number;
  /** below this share of unchanged characters, a pair is marked as wholly changed (default 0.25) */
  minSimilarity?: number;
}

/** Lines of a text: CRLF/CR/LF end a line; a final line ending adds no empty line. '' has no line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const SPACER: DiffCell = Object.freeze({ kind: 'spacer', lineNumber: null, text: '', segments: [] }) as DiffCell;

function cell(kind: DiffCellKind, lineNumber: number, text: string, segments?: DiffSegment[]): DiffCell {
  return { kind, lineNumber, text, segments: segments ?? (text === '' ? [] : [{ text, changed: kind !== 'unchanged' }]) };
}

/** Merge neighbouring segments with the same flag (fewer DOM nodes). */
function pushSegment(segments: DiffSegment[], text: string, changed: boolean) {
  if (text === '') return;
  const last = segments[segments.length - 1];
  if (last && last.changed === changed) last.text += text;
  else segments.push({ text, changed });
}

/**
 * Word diff of one replaced line: the left segments (deleted words flagged) and the right ones
 * (added words flagged), or null when the pair is too long, too costly or too different.
 */
export function wordSegments(
  oldLine: string,
  newLine: string,
  options: AlignOptions = {},
): { left: DiffSegment[]; right: DiffSegment[] } | null {
  const maxLength = options.maxWordDiffLineLength ?? 10000;
  if (oldLine.length > maxLength || newLine.length > maxLength) return null;
  // the common head and tail, cut at a word boundary, need no diff (most edits touch a few words)
  let head = 0;
  const shortest = Math.min(oldLine.length, newLine.length);
  while (head < shortest && oldLine.charCodeAt(head) === newLine.charCodeAt(head)) head += 1;
  while (head > 0 && /[\p{L}\p{N}]/u.test(oldLine[head - 1]) && (/[\p{L}\p{N}]/u.test(oldLine[head] ?? '') || /[\p{L}\p{N}]/u.test(newLine[head] ?? ''))) head -= 1;
  let tail = 0;
  while (tail < shortest - head && oldLine.charCodeAt(oldLine.length - 1 - tail) === newLine.charCodeAt(newLine.length - 1 - tail)) tail += 1;
  while (
    tail > 0 &&
    /[\p{L}\p{N}]/u.test(oldLine[oldLine.length - tail]) &&
    (/[\p{L}\p{N}]/u.test(oldLine[oldLine.length - tail - 1] ?? '') || /[\p{L}\p{N}]/u.test(newLine[newLine.length - tail - 1] ?? ''))
  )
    tail -= 1;
  const middle = diffWordsWithSpace(oldLine.slice(head, oldLine.length - tail), newLine.slice(head, newLine.length - tail), {
    maxEditLength: options.maxWordEdits ?? 400,
  });
  if (!middle) return null;
  const changes = [
    { value: oldLine.slice(0, head), added: false, removed: false },
    ...middle,
    { value: oldLine.slice(oldLine.length - tail), added: false, removed: false },
  ];
  const left: DiffSegment[] = [];
  const right: DiffSegment[] = [];
  let common = 0;
  for (const change of changes) {
    if (change.added) pushSegment(right, change.value, true);
    else if (change.removed) pushSegment(left, change.value, true);
    else {
      common += change.value.trim() === '' ? 0 : change.value.length;
      pushSegment(left, change.value, false);
      pushSegment(right, change.value, false);
    }
  }
  const longest = Math.max(oldLine.length, newLine.length);
  if (longest > 0 && common / longest < (options.minSimilarity ?? 0.25)) return null;
  return { left, right };
}

/** Words of a line (letters/digits runs), for a cheap similarity between two lines. */
function wordsOf(line: string): string[] {
  return line.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Dice coefficient of the two lines' word multisets (0 = nothing in common, 1 = same words). */
export function lineSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  if (wa.length + wb.length === 0) return a.trim() === b.trim() ? 1 : 0;
  const counts = new Map<string, number>();
  for (const w of wa) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of wb) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(w, n - 1);
    }
  }
  return (2 * common) / (wa.length + wb.length);
}

/** One row of a replaced block: a pair (`loose`: too different for a word diff), or a lone line. */
type PairStep = { old: number | null; new: number | null; loose?: boolean };

/**
 * Which removed line replaces which added line inside one replaced block, in order: an ordered
 * matching that maximises the summed similarity of the pairs (no pair below `minSimilarity`);
 * then lone deleted lines directly followed by lone added lines share rows as `loose` pairs, so
 * the block takes as few rows as it can. Blocks over 40,000 cells (or `byPosition`) pair by
 * position, loosely.
 */
function pairLines(removed: string[], added: string[], minSimilarity: number, byPosition: boolean): PairStep[] {
  const m = removed.length;
  const n = added.length;
  const path: PairStep[] = [];
  if (byPosition || m === 0 || n === 0 || m * n > 40000) {
    for (let k = 0; k < m; k += 1) path.push({ old: k, new: null });
    for (let k = 0; k < n; k += 1) path.push({ old: null, new: k });
  } else {
    // score[i][j] = best total similarity pairing removed[i..] with added[j..]
    const width = n + 1;
    const score = new Float64Array((m + 1) * width);
    const sim = new Float64Array(m * n);
    for (let i = 0; i < m; i += 1) for (let j = 0; j < n; j += 1) sim[i * n + j] = lineSimilarity(removed[i], added[j]);
    for (let i = m - 1; i >= 0; i -= 1) {
      for (let j = n - 1; j >= 0; j -= 1) {
        const s = sim[i * n + j];
        const pair = s >= minSimilarity ? s + score[(i + 1) * width + j + 1] : -1;
        score[i * width + j] = Math.max(pair, score[(i + 1) * width + j], score[i * width + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < m && j < n) {
      const s = sim[i * n + j];
      const here = score[i * width + j];
      if (s >= minSimilarity && here === s + score[(i + 1) * width + j + 1]) {
        path.push({ old: i, new: j });
        i += 1;
        j += 1;
      } else if (here === score[(i + 1) * width + j]) {
        path.push({ old: i, new: null });
        i += 1;
      } else {
        path.push({ old: null, new: j });
        j += 1;
      }
    }
    for (; i < m; i += 1) path.push({ old: i, new: null });
    for (; j < n; j += 1) path.push({ old: null, new: j });
  }
  // zip a run of lone deleted lines with the run of lone added lines right after it
  const steps: PairStep[] = [];
  let k = 0;
  while (k < path.length) {
    if (path[k].new !== null) {
      steps.push(path[k]);
      k += 1;
      continue;
    }
    let d = k;
    while (d < path.length && path[d].new === null) d += 1;
    let a = d;
    while (a < path.length && path[a].old === null) a += 1;
    const deletedRun = path.slice(k, d);
    const addedRun = path.slice(d, a);
    const zipped = Math.min(deletedRun.length, addedRun.length);
    for (let z = 0; z < zipped; z += 1) steps.push({ old: deletedRun[z].old, new: addedRun[z].new, loose: true });
    for (let z = zipped; z < deletedRun.length; z += 1) steps.push(deletedRun[z]);
    for (let z = zipped; z < addedRun.length; z += 1) steps.push(addedRun[z]);
    k = a;
  }
  return steps;
}

type LineChange = { value: string[]; added: boolean; removed: boolean; count: number };

function pushChange(out: LineChange[], value: string[], added: boolean, removed: boolean) {
  if (value.length === 0) return;
  const last = out[out.length - 1];
  if (last && last.added === added && last.removed === removed) {
    for (const line of value) last.value.push(line);
    last.count = last.value.length;
  } else out.push({ value: [...value], added, removed, count: value.length });
}

/**
 * The line diff: common head and tail set aside, then the lines that occur exactly once in each
 * text and keep their order (longest increasing run, as patience diff does) are anchors, and the
 * `diff` package's Myers diff (`diffArrays`) runs between consecutive anchors only — the same
 * result on ordinary edits, better on moved blocks, and far less work on long texts. undefined
 * when the Myers diffs run past `timeoutMs`.
 */
function lineDiff(oldLines: string[], newLines: string[], timeoutMs: number): LineChange[] | undefined {
  const deadline = Date.now() + timeoutMs;
  const out: LineChange[] = [];
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head += 1;
  let oldEnd = oldLines.length;
  let newEnd = newLines.length;
  while (oldEnd > head && newEnd > head && oldLines[oldEnd - 1] === newLines[newEnd - 1]) {
    oldEnd -= 1;
    newEnd -= 1;
  }
  pushChange(out, oldLines.slice(0, head), false, false);

  // lines unique on both sides, in old order, with their new index
  const seen = new Map<string, { o: number; n: number; oi: number; ni: number }>();
  for (let i = head; i < oldEnd; i += 1) {
    const entry = seen.get(oldLines[i]);
    if (entry) entry.o += 1;
    else seen.set(oldLines[i], { o: 1, n: 0, oi: i, ni: -1 });
  }
  for (let j = head; j < newEnd; j += 1) {
    const entry = seen.get(newLines[j]);
    if (entry) {
      entry.n += 1;
      entry.ni = j;
    }
  }
  const candidates: { oi: number; ni: number }[] = [];
  for (const entry of seen.values()) if (entry.o === 1 && entry.n === 1) candidates.push({ oi: entry.oi, ni: entry.ni });
  candidates.sort((a, b) => a.oi - b.oi);
  // longest increasing subsequence of ni (patience sorting)
  const tails: number[] = [];
  const prev: number[] = new Array(candidates.length).fill(-1);
  for (let k = 0; k < candidates.length; k += 1) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (candidates[tails[mid]].ni < candidates[k].ni) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1];
    tails[lo] = k;
  }
  const anchors: { oi: number; ni: number }[] = [];
  for (let k = tails.length ? tails[tails.length - 1] : -1; k >= 0; k = prev[k]) anchors.push(candidates[k]);
  anchors.reverse();
  anchors.push({ oi: oldEnd, ni: newEnd });

  let o = head;
  let n = head;
  for (const anchor of anchors) {
    if (anchor.oi > o || anchor.ni > n) {
      const oldPart = oldLines.slice(o, anchor.oi);
      const newPart = newLines.slice(n, anchor.ni);
      if (oldPart.length === 0 || newPart.length === 0) {
        pushChange(out, oldPart, false, true);
        pushChange(out, newPart, true, false);
      } else {
        const remaining = deadline - Date.now();
        if (remaining <= 0) return undefined;
        const changes = diffArrays(oldPart, newPart, { timeout: remaining });
        if (!changes) return undefined;
        for (const change of changes) pushChange(out, change.value, change.added, change.removed);
      }
    }
    if (anchor.oi < oldEnd) pushChange(out, [oldLines[anchor.oi]], false, false);
    o = anchor.oi + 1;
    n = anchor.ni + 1;
  }
  pushChange(out, oldLines.slice(oldEnd), false, false);
  return out;
}

/** Align two texts line by line for a side-by-side view (see the file comment). */
export function alignDiff(previous: string, current: string, options: AlignOptions = {}): AlignedDiff {
  const oldLines = splitLines(previous);
  const newLines = splitLines(current);
  const stats = { unchanged: 0, deleted: 0, added: 0, changed: 0 };
  const rows: DiffRow[] = [];

  let changes = lineDiff(oldLines, newLines, options.lineDiffTimeoutMs ?? 2000);
  const approximate = !changes;
  if (!changes) {
    changes = [
      { value: oldLines, removed: true, added: false, count: oldLines.length },
      { value: newLines, removed: false, added: true, count: newLines.length },
    ].filter((c) => c.count > 0);
  }

  let oldNo = 0;
  let newNo = 0;
  for (let i = 0; i < changes.length; i += 1) {
    const change = changes[i];
    if (!change.added && !change.removed) {
      for (const line of change.value) {
        oldNo += 1;
        newNo += 1;
        rows.push({ kind: 'unchanged', left: cell('unchanged', oldNo, line), right: cell('unchanged', newNo, line) });
        stats.unchanged += 1;
      }
      continue;
    }
    let removed: string[] = [];
    let added: string[] = [];
    if (change.removed) {
      removed = change.value;
      const next = changes[i + 1];
      if (next?.added) {
        added = next.value;
        i += 1;
      }
    } else {
      added = change.value;
      const next = changes[i + 1];
      if (next?.removed) {
        removed = next.value;
        i += 1;
      }
    }
    for (const step of pairLines(removed, added, options.minSimilarity ?? 0.25, approximate)) {
      if (step.old !== null && step.new !== null) {
        oldNo += 1;
        newNo += 1;
        const words = step.loose ? null : wordSegments(removed[step.old], added[step.new], options);
        rows.push({
          kind: 'changed',
          left: cell('deleted', oldNo, removed[step.old], words?.left),
          right: cell('added', newNo, added[step.new], words?.right),
        });
        stats.changed += 1;
      } else if (step.old !== null) {
        oldNo += 1;
        rows.push({ kind: 'deleted', left: cell('deleted', oldNo, removed[step.old]), right: SPACER });
        stats.deleted += 1;
      } else if (step.new !== null) {
        newNo += 1;
        rows.push({ kind: 'added', left: SPACER, right: cell('added', newNo, added[step.new]) });
        stats.added += 1;
      }
    }
  }

  return {
    rows,
    identical: stats.deleted === 0 && stats.added === 0 && stats.changed === 0,
    stats,
    approximate,
  };
}

/** A run of unchanged rows folded away: rows[start] … rows[end - 1]. */
export interface FoldedRows {
  kind: 'folded';
  start: number;
  end: number;
}

export type DiffItem = { kind: 'row'; index: number; row: DiffRow } | FoldedRows;

/**
 * Fold runs of unchanged rows, keeping `context` rows next to each change; a run is folded only
 * when it would hide at least `minFolded` rows. `expanded` holds the `start` of runs to show.
 */
export function foldUnchanged(
  rows: DiffRow[],
  { context = 3, minFolded = 6, expanded = new Set<number>() }: { context?: number; minFolded?: number; expanded?: ReadonlySet<number> } = {},
): DiffItem[] {
  const items: DiffItem[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i].kind !== 'unchanged') {
      items.push({ kind: 'row', index: i, row: rows[i] });
      i += 1;
      continue;
    }
    let j = i;
    while (j < rows.length && rows[j].kind === 'unchanged') j += 1;
    const keepStart = i === 0 ? 0 : context;
    const keepEnd = j === rows.length ? 0 : context;
    const foldStart = i + keepStart;
    const foldEnd = j - keepEnd;
    if (foldEnd - foldStart >= minFolded && !expanded.has(foldStart)) {
      for (let k = i; k < foldStart; k += 1) items.push({ kind: 'row', index: k, row: rows[k] });
      items.push({ kind: 'folded', start: foldStart, end: foldEnd });
      for (let k = foldEnd; k < j; k += 1) items.push({ kind: 'row', index: k, row: rows[k] });
    } else {
      for (let k = i; k < j; k += 1) items.push({ kind: 'row', index: k, row: rows[k] });
    }
    i = j;
  }
  return items;
}

/** One line of the single-column (unified) view of narrow screens. */
export interface UnifiedLine {
  kind: 'unchanged' | 'deleted' | 'added';
  oldNumber: number | null;
  newNumber: number | null;
  segments: DiffSegment[];
}

/** The unified view of a row: a changed row gives its deleted line, then its added line. */
export function unifiedLines(row: DiffRow): UnifiedLine[] {
  switch (row.kind) {
    case 'unchanged':
      return [{ kind: 'unchanged', oldNumber: row.left.lineNumber, newNumber: row.right.lineNumber, segments: row.right.segments }];
    case 'deleted':
      return [{ kind: 'deleted', oldNumber: row.left.lineNumber, newNumber: null, segments: row.left.segments }];
    case 'added':
      return [{ kind: 'added', oldNumber: null, newNumber: row.right.lineNumber, segments: row.right.segments }];
    default:
      return [
        { kind: 'deleted', oldNumber: row.left.lineNumber, newNumber: null, segments: row.left.segments },
        { kind: 'added', oldNumber: null, newNumber: row.right.lineNumber, segments: row.right.segments },
      ];
  }
}
