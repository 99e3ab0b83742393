import { Fragment, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { alignDiff, foldUnchanged, unifiedLines, type AlignedDiff, type DiffCell, type DiffSegment, type UnifiedLine } from './align';

/** Texts of the diff, in the reader's language (each remote passes its own translations). */
export interface SideBySideDiffLabels {
  /** accessible name of the whole diff, e.g. 'Comparison of the two versions' */
  region: string;
  /** read by screen readers before a deleted line, e.g. 'Deleted' */
  deleted: string;
  /** read by screen readers before an added line, e.g. 'Added' */
  added: string;
  /** accessible name of the line-number columns, e.g. 'Line' */
  line: string;
  /** the button that unfolds a run of unchanged lines */
  showUnchanged: (count: number) => string;
  /** shown above a diff that gave up on line matching (huge, wholly different texts) */
  approximate: string;
  /** the button under a cut diff that shows the next rows */
  showMore: (count: number) => string;
}

export const DEFAULT_DIFF_LABELS: SideBySideDiffLabels = {
  region: 'Comparison of the two versions',
  deleted: 'Deleted',
  added: 'Added',
  line: 'Line',
  showUnchanged: (count) => `Show ${count} unchanged line${count === 1 ? '' : 's'}`,
  approximate: 'These texts are too different to match line by line: the whole text is shown as replaced.',
  showMore: (count) => `Show ${count} more line${count === 1 ? '' : 's'}`,
};

export interface SideBySideDiffProps {
  /** the older text (left pane) — plain text, shown as text, never parsed as HTML */
  previous: string;
  /** the newer text (right pane) */
  current: string;
  /** heading of the left pane, e.g. t('Previous Version') */
  previousLabel: string;
  /** heading of the right pane, e.g. t('Current Version') */
  currentLabel: string;
  /** shown instead of the panes when both texts have the same lines, e.g. t('The versions are identical') */
  identicalText: string;
  /** other texts (defaults: English) */
  labels?: Partial<SideBySideDiffLabels>;
  /** the panes' greatest height in px (default 500, docs/product-rules.md#constants): a short diff is as high as its lines */
  height?: number;
  /** below this viewport width (px) the diff is one column with − / + lines (default 768) */
  unifiedBelow?: number;
  /** fold runs of unchanged lines far from any change behind a button (default true) */
  foldUnchanged?: boolean;
  /** at most this many rows are rendered at first, then a button shows the next ones (default 3000; keeps a huge diff responsive) */
  maxRows?: number;
  /** a diff already computed with alignDiff(previous, current) (then previous/current are not diffed again) */
  diff?: AlignedDiff;
  /** extra class on the outer element */
  className?: string;
}

const CSS = `
.cdiff{--cdiff-del-bg:#ffebe9;--cdiff-del-word:#ffb8b0;--cdiff-add-bg:#dafbe1;--cdiff-add-word:#8ae6a0;--cdiff-fg:#1f2328;--cdiff-muted:#57606a;--cdiff-border:#d0d7de;--cdiff-spacer:#f3f4f6;color:var(--cdiff-fg);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace;font-size:12.5px;line-height:1.5}
.cdiff-scroll{overflow:auto;border:1px solid var(--cdiff-border);border-radius:6px;background:#fff;overscroll-behavior:contain}
.cdiff-scroll:focus-visible{outline:2px solid #1c7ed6;outline-offset:2px}
.cdiff table{width:100%;border-collapse:collapse;table-layout:fixed}
.cdiff th{position:sticky;top:0;z-index:1;background:#f6f8fa;border-bottom:1px solid var(--cdiff-border);text-align:left;font:600 13px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;padding:8px 10px;color:var(--cdiff-fg)}
.cdiff th.cdiff-gutter-h{padding:0}
.cdiff td{vertical-align:top;padding:0 8px;white-space:pre-wrap;overflow-wrap:anywhere;word-break:normal}
.cdiff td.cdiff-num{width:auto;text-align:right;color:var(--cdiff-muted);user-select:none;padding:0 6px;white-space:nowrap}
.cdiff td.cdiff-sep{border-left:1px solid var(--cdiff-border)}
.cdiff .cdiff-sign{display:inline-block;width:1ch;margin-right:4px;font-weight:700}
.cdiff td.cdiff-text::before{content:' ';display:inline-block;width:1ch;margin-right:4px;font-weight:700}
.cdiff td.cdiff-text.cdiff-deleted::before{content:'−'}
.cdiff td.cdiff-text.cdiff-added::before{content:'+'}
.cdiff td.cdiff-deleted{background:var(--cdiff-del-bg)}
.cdiff td.cdiff-added{background:var(--cdiff-add-bg)}
.cdiff td.cdiff-spacer{background:var(--cdiff-spacer);background-image:repeating-linear-gradient(135deg,transparent 0 6px,#e5e7eb 6px 7px)}
.cdiff del{background:var(--cdiff-del-word);text-decoration:line-through;text-decoration-thickness:1px;color:inherit;border-radius:2px}
.cdiff ins{background:var(--cdiff-add-word);text-decoration:underline;text-decoration-thickness:1px;text-underline-offset:2px;color:inherit;border-radius:2px}
.cdiff .cdiff-fold td{background:#eef4fb;padding:2px 8px;white-space:normal}
.cdiff .cdiff-fold button{font:500 12.5px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1864ab;background:none;border:0;padding:2px 4px;cursor:pointer;text-decoration:underline}
.cdiff .cdiff-fold button:focus-visible{outline:2px solid #1c7ed6;outline-offset:1px}
.cdiff-identical{border:1px solid var(--cdiff-border);border-radius:6px;padding:16px;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f8fa}
.cdiff-note{font:13px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--cdiff-muted);margin:0 0 8px}
.cdiff-legend{display:block}
.cdiff-caption{caption-side:top;text-align:left;font:600 13px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;padding:8px 10px;background:#f6f8fa;border-bottom:1px solid var(--cdiff-border);color:var(--cdiff-fg)}
.cdiff .cdiff-sr-head th{padding:0;border:0;height:0;line-height:0}
.cdiff-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

function subscribeToMedia(query: string) {
  return (onChange: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

function useMedia(query: string): boolean {
  const subscribe = useMemo(() => subscribeToMedia(query), [query]);
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

function Segments({ segments, mark }: { segments: DiffSegment[]; mark: 'del' | 'ins' | null }) {
  return (
    <>
      {segments.map((segment, i) => {
        if (!segment.changed || !mark) return <Fragment key={i}>{segment.text}</Fragment>;
        return mark === 'del' ? <del key={i}>{segment.text}</del> : <ins key={i}>{segment.text}</ins>;
      })}
    </>
  );
}

/** Mark changed words only when the line also has unchanged words (a wholly new line is marked by its row). */
function markOf(segments: DiffSegment[], kind: 'del' | 'ins'): 'del' | 'ins' | null {
  return segments.some((s) => !s.changed) ? kind : null;
}

function SideCells({ cell, labels, side }: { cell: DiffCell; labels: SideBySideDiffLabels; side: 'left' | 'right' }) {
  const sep = side === 'right' ? ' cdiff-sep' : '';
  if (cell.kind === 'spacer') {
    return (
      <>
        <td className={`cdiff-num cdiff-spacer${sep}`} />
        <td className="cdiff-spacer" />
      </>
    );
  }
  const sr = cell.kind === 'deleted' ? labels.deleted : cell.kind === 'added' ? labels.added : null;
  const mark = cell.kind === 'deleted' ? markOf(cell.segments, 'del') : cell.kind === 'added' ? markOf(cell.segments, 'ins') : null;
  return (
    <>
      <td className={`cdiff-num cdiff-${cell.kind}${sep}`}>{cell.lineNumber}</td>
      <td className={`cdiff-text cdiff-${cell.kind}`}>
        {sr && <span className="cdiff-sr">{sr} </span>}
        <Segments segments={cell.segments} mark={mark} />
      </td>
    </>
  );
}

function UnifiedRow({ line, labels }: { line: UnifiedLine; labels: SideBySideDiffLabels }) {
  const sr = line.kind === 'deleted' ? labels.deleted : line.kind === 'added' ? labels.added : null;
  const mark = line.kind === 'deleted' ? markOf(line.segments, 'del') : line.kind === 'added' ? markOf(line.segments, 'ins') : null;
  return (
    <tr data-kind={line.kind}>
      <td className={`cdiff-num cdiff-${line.kind}`}>{line.oldNumber}</td>
      <td className={`cdiff-num cdiff-${line.kind}`}>{line.newNumber}</td>
      <td className={`cdiff-text cdiff-${line.kind}`}>
        {sr && <span className="cdiff-sr">{sr} </span>}
        <Segments segments={line.segments} mark={mark} />
      </td>
    </tr>
  );
}

/**
 * Side-by-side line diff of two texts (docs/product-rules.md#screens "Compare Versions"): the previous text on
 * the left, the current one on the right, deleted / added / unchanged lines aligned row by row
 * with spacers, and inside a changed line the deleted words in `<del>` (struck through) and the
 * added words in `<ins>` (underlined) — never shown by colour alone; a − / + sign in each changed
 * line too. Both panes live in one scroll area at most `height` px high (500 by default), so they always
 * scroll together and a wrapped long line keeps its row aligned on both sides. Below
 * `unifiedBelow` px of viewport width (768) it becomes one column: − lines, then + lines.
 * Identical texts (line endings aside) show `identicalText` instead.
 *
 * The texts are plain text rendered by React (escaped): give it HTML source and it shows the
 * source, it never parses or runs it. The alignment is `alignDiff` (./align.ts), pure and tested.
 *
 * @example
 * <SideBySideDiff previous={older.html_content ?? ''} current={newer.html_content ?? ''}
 *   previousLabel={t('Previous Version')} currentLabel={t('Current Version')}
 *   identicalText={t('The versions are identical')} />
 */
export function SideBySideDiff({
  previous,
  current,
  previousLabel,
  currentLabel,
  identicalText,
  labels: labelsProp,
  height = 500,
  unifiedBelow = 768,
  foldUnchanged: fold = true,
  maxRows = 3000,
  diff: diffProp,
  className,
}: SideBySideDiffProps) {
  const labels = useMemo(() => ({ ...DEFAULT_DIFF_LABELS, ...labelsProp }), [labelsProp]);
  const diff = useMemo(() => diffProp ?? alignDiff(previous, current), [diffProp, previous, current]);
  const narrow = useMedia(`(max-width: ${unifiedBelow - 0.02}px)`);
  const [expanded, setExpanded] = useState<{ diff: AlignedDiff; starts: Set<number> }>({ diff, starts: new Set() });
  const starts = expanded.diff === diff ? expanded.starts : null;
  const items = useMemo(
    () => (fold ? foldUnchanged(diff.rows, { expanded: starts ?? new Set() }) : diff.rows.map((row, index) => ({ kind: 'row' as const, index, row }))),
    [diff, fold, starts],
  );
  const [shown, setShown] = useState<{ diff: AlignedDiff; count: number }>({ diff, count: maxRows });
  const limit = shown.diff === diff ? shown.count : maxRows;
  const visible = items.length > limit ? items.slice(0, limit) : items;
  const hidden = items.length - visible.length;
  const expand = useCallback(
    (start: number) => setExpanded((prev) => ({ diff, starts: new Set([...(prev.diff === diff ? prev.starts : []), start]) })),
    [diff],
  );

  const style = <style href="citable-side-by-side-diff" precedence="default">{CSS}</style>;

  if (diff.identical) {
    return (
      <div className={`cdiff ${className ?? ''}`} data-testid="side-by-side-diff" data-identical="true">
        {style}
        <p className="cdiff-identical" role="status">{identicalText}</p>
      </div>
    );
  }

  const columns = narrow ? 3 : 4;
  const foldRow = (start: number, end: number) => (
    <tr className="cdiff-fold" key={`fold-${start}`}>
      <td colSpan={columns}>
        <button type="button" onClick={() => expand(start)}>{labels.showUnchanged(end - start)}</button>
      </td>
    </tr>
  );

  return (
    <div
      className={`cdiff ${className ?? ''}`}
      data-testid="side-by-side-diff"
      data-layout={narrow ? 'unified' : 'split'}
      data-identical="false"
    >
      {style}
      {diff.approximate && <p className="cdiff-note">{labels.approximate}</p>}
      <div
        className="cdiff-scroll"
        style={{ maxHeight: height }}
        tabIndex={0}
        role="region"
        aria-label={labels.region}
        data-testid="diff-panes"
      >
        {narrow ? (
          <table>
            <colgroup>
              <col style={{ width: '3.2em' }} />
              <col style={{ width: '3.2em' }} />
              <col />
            </colgroup>
            {/* the legend over the whole width (line numbers included), on two lines: − the older version, + the newer one */}
            <caption className="cdiff-caption">
              <span className="cdiff-legend" data-testid="diff-previous-label">
                <span className="cdiff-sign" aria-hidden="true">−</span>{previousLabel}
              </span>
              <span className="cdiff-sr"> / </span>
              <span className="cdiff-legend" data-testid="diff-current-label">
                <span className="cdiff-sign" aria-hidden="true">+</span>{currentLabel}
              </span>
            </caption>
            <thead className="cdiff-sr-head">
              <tr>
                <th className="cdiff-gutter-h" scope="col"><span className="cdiff-sr">{labels.line}</span></th>
                <th className="cdiff-gutter-h" scope="col"><span className="cdiff-sr">{labels.line}</span></th>
                <th scope="col"><span className="cdiff-sr">{`${labels.deleted} / ${labels.added}`}</span></th>
              </tr>
            </thead>
            <tbody>
              {visible.map((item) =>
                item.kind === 'folded'
                  ? foldRow(item.start, item.end)
                  : unifiedLines(item.row).map((line, k) => <UnifiedRow key={`${item.index}-${k}`} line={line} labels={labels} />),
              )}
              {hidden > 0 && (
                <tr className="cdiff-fold">
                  <td colSpan={columns}>
                    <button type="button" data-testid="diff-show-more" onClick={() => setShown({ diff, count: limit + maxRows })}>
                      {labels.showMore(Math.min(hidden, maxRows))}
                    </button>
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        ) : (
          <table>
            <colgroup>
              <col style={{ width: '3.6em' }} />
              <col />
              <col style={{ width: '3.6em' }} />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th colSpan={2} scope="colgroup" data-testid="diff-previous-label">{previousLabel}</th>
                <th colSpan={2} scope="colgroup" className="cdiff-sep" data-testid="diff-current-label">{currentLabel}</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((item) =>
                item.kind === 'folded' ? (
                  foldRow(item.start, item.end)
                ) : (
                  <tr key={item.index} data-kind={item.row.kind}>
                    <SideCells cell={item.row.left} labels={labels} side="left" />
                    <SideCells cell={item.row.right} labels={labels} side="right" />
                  </tr>
                ),
              )}
              {hidden > 0 && (
                <tr className="cdiff-fold">
                  <td colSpan={columns}>
                    <button type="button" data-testid="diff-show-more" onClick={() => setShown({ diff, count: limit + maxRows })}>
                      {labels.showMore(Math.min(hidden, maxRows))}
                    </button>
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
