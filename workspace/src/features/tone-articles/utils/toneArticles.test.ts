import { canEdit, contentToText, orderToneArticles, truncateText, type ToneArticleLike } from './toneArticles';

const row = (id: number, name: string, parent: number | null = null, owner: string | null = 'me'): ToneArticleLike => ({
  id,
  name,
  content: null,
  parent_tone_article: parent,
  owner,
});

describe('orderToneArticles', () => {
  it('puts groups by name (French order, accents ignored), each followed by its members by name', () => {
    const rows = [
      row(1, 'Zèbre'),
      row(2, 'écrit membre', 3),
      row(3, 'Éditorial'),
      row(4, 'Article B', 1),
      row(5, 'article a', 1),
      row(6, 'Alpha'),
      row(7, 'Apéro', 3),
    ];
    const entries = orderToneArticles(rows);
    expect(entries.map((e) => `${e.kind}:${e.article.name}`)).toEqual([
      'group:Alpha',
      'group:Éditorial',
      'member:Apéro',
      'member:écrit membre',
      'group:Zèbre',
      'member:article a',
      'member:Article B',
    ]);
    expect(entries.find((e) => e.article.id === 3)).toEqual(expect.objectContaining({ kind: 'group', memberCount: 2 }));
    expect(entries.find((e) => e.article.id === 6)).toEqual(expect.objectContaining({ kind: 'group', memberCount: 0 }));
    const member = entries.find((e) => e.article.id === 4);
    expect(member?.kind === 'member' && member.group?.id).toBe(1);
  });

  it('puts members whose group is not visible last, without group', () => {
    const entries = orderToneArticles([row(1, 'B', 99), row(2, 'Groupe'), row(3, 'A', 98)]);
    expect(entries.map((e) => e.article.name)).toEqual(['Groupe', 'A', 'B']);
    expect(entries[1]).toEqual(expect.objectContaining({ kind: 'member', group: null }));
  });

  it('keeps every row exactly once and does not mutate its input', () => {
    const rows = [row(3, 'c', 1), row(1, 'a'), row(2, 'b', 1)];
    const copy = [...rows];
    expect(orderToneArticles(rows)).toHaveLength(3);
    expect(rows).toEqual(copy);
    expect(orderToneArticles([])).toEqual([]);
  });
});

describe('canEdit', () => {
  it('is true for the owner only', () => {
    expect(canEdit({ owner: 'me' }, 'me')).toBe(true);
    expect(canEdit({ owner: 'demo' }, 'me')).toBe(false);
    expect(canEdit({ owner: null }, null)).toBe(false);
    expect(canEdit({ owner: 'me' }, undefined)).toBe(false);
  });
});

describe('truncateText', () => {
  it('leaves a short text as it is', () => {
    expect(truncateText('Un ton chaleureux.', 160)).toEqual({ text: 'Un ton chaleureux.', isTruncated: false });
    const exact = 'x'.repeat(160);
    expect(truncateText(exact, 160)).toEqual({ text: exact, isTruncated: false });
  });

  it('cuts a long text at a word boundary with an ellipsis', () => {
    const text = 'Un ton proche du lecteur, bienveillant et concret : phrases courtes, exemples du quotidien.';
    const result = truncateText(text, 30);
    expect(result.isTruncated).toBe(true);
    expect(result.text).toBe('Un ton proche du lecteur…');
    expect(Array.from(result.text).length).toBeLessThanOrEqual(31);
  });

  it('cuts inside a very long word when there is no space to cut at', () => {
    const result = truncateText('a'.repeat(50), 10);
    expect(result).toEqual({ text: `${'a'.repeat(10)}…`, isTruncated: true });
  });

  it('counts characters, not UTF-16 units', () => {
    const result = truncateText('🙂'.repeat(12), 10);
    expect(result.text).toBe(`${'🙂'.repeat(10)}…`);
  });
});

describe('contentToText', () => {
  it('drops tags and decodes the usual entities', () => {
    expect(contentToText('<p>Au printemps, on observe&nbsp;: le sol &amp; l’eau.</p><p>Puis on plante.</p>')).toBe(
      'Au printemps, on observe\u00a0: le sol & l’eau.\nPuis on plante.',
    );
    expect(contentToText(null)).toBe('');
    expect(contentToText('Texte simple')).toBe('Texte simple');
  });
});
