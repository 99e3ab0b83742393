/**
 * @citable/shared/diff — the side-by-side line diff of two texts (version comparison in the
 * workspace, "what changed" for clients in the reviewer). An entry of its own, not in the main
 * entry, so the public pages never download it (nor the `diff` package).
 *
 * - `SideBySideDiff`: the React component (props documented on SideBySideDiffProps).
 * - `alignDiff(previous, current)`: the pure alignment it renders (rows of { left, right } cells).
 */
export { SideBySideDiff, DEFAULT_DIFF_LABELS } from './SideBySideDiff';
export type { SideBySideDiffProps, SideBySideDiffLabels } from './SideBySideDiff';
export { alignDiff, splitLines, wordSegments, foldUnchanged, unifiedLines } from './align';
export type {
  AlignedDiff,
  AlignOptions,
  DiffCell,
  DiffCellKind,
  DiffItem,
  DiffRow,
  DiffRowKind,
  DiffSegment,
  FoldedRows,
  UnifiedLine,
} from './align';
