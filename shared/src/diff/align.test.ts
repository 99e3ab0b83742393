import { alignDiff, foldUnchanged, splitLines, unifiedLines, wordSegments, type DiffRow } from './align';

/** A compact picture of the rows: kind, left line number, right line number. */
const shape = (rows: DiffRow[]) => rows.map((r) => `${r.kind}:${r.left.lineNumber ?? '_'}:${r.right.lineNumber ?? '_'}`);
const texts = (rows: DiffRow[]) => rows.map((r) => [r.left.text, r.right.text]);

describe('splitLines', () => {
  it('cuts on LF, CRLF and CR; a final newline adds no empty line', () => {
    expect(splitLines('a\nb')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(splitLines('a\rb\n\n')).toEqual(['a', 'b', '']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
  });
});

describe('alignDiff', () => {
  it('identical texts: only unchanged rows, flagged identical', () => {
    const d = alignDiff('<h1>T</h1>\n<p>a</p>\n', '<h1>T</h1>\n<p>a</p>\n');
    expect(d.identical).toBe(true);
    expect(shape(d.rows)).toEqual(['unchanged:1:1', 'unchanged:2:2']);
    expect(d.rows[0].left.segments).toEqual([{ text: '<h1>T</h1>', changed: false }]);
    expect(d.stats).toEqual({ unchanged: 2, deleted: 0, added: 0, changed: 0 });
  });

  it('two empty texts are identical with no rows', () => {
    expect(alignDiff('', '')).toMatchObject({ identical: true, rows: [] });
  });

  it('insertions only: added rows with a spacer on the left, numbering continues on both sides', () => {
    const d = alignDiff('a\nb\nc', 'a\nx\ny\nb\nc\nz');
    expect(d.identical).toBe(false);
    expect(shape(d.rows)).toEqual([
      'unchanged:1:1', 'added:_:2', 'added:_:3', 'unchanged:2:4', 'unchanged:3:5', 'added:_:6',
    ]);
    expect(d.rows[1].left).toMatchObject({ kind: 'spacer', text: '', segments: [] });
    expect(d.rows[1].right).toMatchObject({ kind: 'added', text: 'x', segments: [{ text: 'x', changed: true }] });
    expect(d.stats).toEqual({ unchanged: 3, deleted: 0, added: 3, changed: 0 });
  });

  it('deletions only: deleted rows with a spacer on the right', () => {
    const d = alignDiff('a\nb\nc\nd', 'a\nd');
    expect(shape(d.rows)).toEqual(['unchanged:1:1', 'deleted:2:_', 'deleted:3:_', 'unchanged:4:2']);
    expect(d.rows[1].right.kind).toBe('spacer');
    expect(texts(d.rows)).toEqual([['a', 'a'], ['b', ''], ['c', ''], ['d', 'd']]);
  });

  it('everything deleted / everything added', () => {
    expect(shape(alignDiff('a\nb', '').rows)).toEqual(['deleted:1:_', 'deleted:2:_']);
    expect(shape(alignDiff('', 'a\nb').rows)).toEqual(['added:_:1', 'added:_:2']);
  });

  it('a replaced line is one changed row, with the changed words flagged on each side', () => {
    const d = alignDiff('<p>Le chat dort.</p>', '<p>Le chien dort.</p>');
    expect(shape(d.rows)).toEqual(['changed:1:1']);
    const [row] = d.rows;
    expect(row.left.kind).toBe('deleted');
    expect(row.right.kind).toBe('added');
    expect(row.left.segments.filter((s) => s.changed).map((s) => s.text)).toEqual(['chat']);
    expect(row.right.segments.filter((s) => s.changed).map((s) => s.text)).toEqual(['chien']);
    // the segments rebuild each line exactly
    expect(row.left.segments.map((s) => s.text).join('')).toBe('<p>Le chat dort.</p>');
    expect(row.right.segments.map((s) => s.text).join('')).toBe('<p>Le chien dort.</p>');
  });

  it('a replacement of 1 line by 3: one changed pair, then added rows', () => {
    const d = alignDiff('a\n<p>un deux trois</p>\nz', 'a\n<p>un deux quatre</p>\n<p>new</p>\n<p>new 2</p>\nz');
    expect(shape(d.rows)).toEqual(['unchanged:1:1', 'changed:2:2', 'added:_:3', 'added:_:4', 'unchanged:3:5']);
  });

  it('a moved block: deleted where it was, added where it went, the rest aligned', () => {
    const before = ['<h2>A</h2>', '<p>a1</p>', '<p>a2</p>', '<h2>B</h2>', '<p>b1</p>', '<h2>C</h2>', '<p>c1</p>'].join('\n');
    const after = ['<h2>B</h2>', '<p>b1</p>', '<h2>C</h2>', '<p>c1</p>', '<h2>A</h2>', '<p>a1</p>', '<p>a2</p>'].join('\n');
    const d = alignDiff(before, after);
    expect(shape(d.rows)).toEqual([
      'deleted:1:_', 'deleted:2:_', 'deleted:3:_',
      'unchanged:4:1', 'unchanged:5:2', 'unchanged:6:3', 'unchanged:7:4',
      'added:_:5', 'added:_:6', 'added:_:7',
    ]);
    // every line of both texts appears once, in order, on its side
    expect(d.rows.filter((r) => r.left.kind !== 'spacer').map((r) => r.left.text)).toEqual(before.split('\n'));
    expect(d.rows.filter((r) => r.right.kind !== 'spacer').map((r) => r.right.text)).toEqual(after.split('\n'));
  });

  it('CRLF against LF: the same lines, identical', () => {
    const d = alignDiff('<p>a</p>\r\n<p>b</p>\r\n', '<p>a</p>\n<p>b</p>\n');
    expect(d.identical).toBe(true);
    expect(shape(d.rows)).toEqual(['unchanged:1:1', 'unchanged:2:2']);
    expect(d.rows[0].left.text).toBe('<p>a</p>');
  });

  it('a missing final newline is not a change', () => {
    expect(alignDiff('a\nb\n', 'a\nb').identical).toBe(true);
    const d = alignDiff('a\nb', 'a\nb\nc\n');
    expect(shape(d.rows)).toEqual(['unchanged:1:1', 'unchanged:2:2', 'added:_:3']);
  });

  it('very long lines: a small change in a 50,000-character line is a changed row without a costly word diff', () => {
    const long = 'mot '.repeat(12500);
    const d = alignDiff(`<p>${long}</p>`, `<p>${long}fin</p>`);
    expect(shape(d.rows)).toEqual(['changed:1:1']);
    // past maxWordDiffLineLength the whole line is marked
    expect(d.rows[0].right.segments).toEqual([{ text: `<p>${long}fin</p>`, changed: true }]);
    // a long line under the limit still gets word-level segments
    const medium = 'mot '.repeat(1500);
    const m = alignDiff(`${medium}a`, `${medium}b`);
    expect(m.rows[0].right.segments).toEqual([{ text: medium, changed: false }, { text: 'b', changed: true }]);
  });

  it('a line inserted before an edited line: the edit is paired with its old line, the new line stands alone', () => {
    const d = alignDiff('<h2>Titre</h2>\n<p>Le chat dort au soleil.</p>', '<h2>Titre</h2>\n<p>Tout nouveau paragraphe.</p>\n<p>Le chat dort à l’ombre.</p>');
    expect(shape(d.rows)).toEqual(['unchanged:1:1', 'added:_:2', 'changed:2:3']);
    expect(d.rows[2].right.segments.filter((s) => s.changed).map((s) => s.text).join('|')).toContain('ombre');
  });

  it('a pair with almost nothing in common is marked as wholly changed (no word confetti)', () => {
    const d = alignDiff('<p>Alpha beta gamma delta</p>', '<ul><li>Zeta</li></ul>');
    expect(shape(d.rows)).toEqual(['changed:1:1']);
    expect(d.rows[0].left.segments).toEqual([{ text: '<p>Alpha beta gamma delta</p>', changed: true }]);
  });

  it('two 2,000-line articles with scattered edits: each edit found where it is', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `<p>Paragraphe ${i} : un texte d’exemple assez long pour ressembler à un article.</p>`);
    const edited = lines.map((l, i) => (i % 50 === 0 ? l.replace('exemple', 'illustration') : l));
    edited.splice(700, 0, '<p>Nouveau paragraphe</p>');
    edited.splice(1500, 3);
    const d = alignDiff(lines.join('\n'), edited.join('\n'));
    // 40 edited lines, one of them (1500) among the 3 deleted ones
    expect(d.stats.changed).toBe(39);
    expect(d.rows.find((r) => r.kind === 'added')?.right).toMatchObject({ lineNumber: 701, text: '<p>Nouveau paragraphe</p>' });
    expect(d.stats.added).toBe(1);
    expect(d.stats.deleted).toBe(3);
  });

  it('gives up on the line diff past the timeout and shows the texts as replaced', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    const d = alignDiff(a, b, { lineDiffTimeoutMs: 0 });
    expect(d.approximate).toBe(true);
    expect(d.stats).toEqual({ unchanged: 0, deleted: 0, added: 0, changed: 3000 });
    expect(d.rows[0].right.segments).toEqual([{ text: 'b0', changed: true }]);
  });
});

describe('wordSegments', () => {
  it('keeps whitespace and punctuation so the segments rebuild both lines', () => {
    const w = wordSegments('Bonjour, le monde !', 'Bonjour, le vaste monde !');
    expect(w?.left.map((s) => s.text).join('')).toBe('Bonjour, le monde !');
    expect(w?.right.filter((s) => s.changed).map((s) => s.text.trim())).toEqual(['vaste']);
  });
});

describe('foldUnchanged', () => {
  const rows = alignDiff(
    Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n'),
    Array.from({ length: 30 }, (_, i) => (i === 15 ? 'changed' : `l${i}`)).join('\n'),
  ).rows;

  it('folds the unchanged runs far from a change, keeping 3 lines of context', () => {
    const items = foldUnchanged(rows);
    expect(items.map((i) => (i.kind === 'folded' ? `fold ${i.start}-${i.end}` : i.index))).toEqual([
      'fold 0-12', 12, 13, 14, 15, 16, 17, 18, 'fold 19-30',
    ]);
  });

  it('shows a run once expanded', () => {
    const items = foldUnchanged(rows, { expanded: new Set([0]) });
    expect(items.filter((i) => i.kind === 'folded')).toEqual([{ kind: 'folded', start: 19, end: 30 }]);
    expect(items.filter((i) => i.kind === 'row')).toHaveLength(19);
  });
});

describe('unifiedLines', () => {
  it('a changed row becomes its deleted line then its added line', () => {
    const [row] = alignDiff('<p>un</p>', '<p>deux</p>').rows;
    expect(unifiedLines(row).map((l) => [l.kind, l.oldNumber, l.newNumber])).toEqual([
      ['deleted', 1, null],
      ['added', null, 1],
    ]);
  });
});
