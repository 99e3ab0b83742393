import { assetUrl, coverImage, displayTitle, isVersionId, readingMinutes, reviewState, staleMessageKey, withoutRepeatedTitle, wordCount } from './article';
import { sanitizeArticleHtml } from '@citable/shared/article-html';

const page = { id: 1, name: 'P', url: 'u', hide_cover_image_from_preview: false, hide_revisions_texts_from_preview: false };

describe('article rules', () => {
  it('says what happened when a review action was refused because the version moved (invalid_transition details)', () => {
    expect(staleMessageKey('approve', 'approved')).toBe('toast.staleApproved');
    expect(staleMessageKey('sendForRevision', 'approved')).toBe('toast.staleJustApproved');
    expect(staleMessageKey('approve', 'in_revision')).toBe('toast.staleInRevision');
    expect(staleMessageKey('cancelApproval', 'draft')).toBe('toast.staleDraft');
    expect(staleMessageKey('cancelRevision', undefined)).toBe('toast.stale');
  });

  it('accepts only uuids as version ids', () => {
    expect(isVersionId('00000000-0000-4000-8000-00000000d3e0')).toBe(true);
    expect(isVersionId('00000000-0000-4000-8000-00000000D3E0')).toBe(true);
    for (const bad of [undefined, '', 'abc', '00000000-0000-4000-8000-00000000d3e', "1' or '1'='1", '<script>']) expect(isVersionId(bad)).toBe(false);
  });

  it('derives the review state from the flags (§4)', () => {
    expect(reviewState({ sent_in_revision: false, approved: false })).toBe('draft');
    expect(reviewState({ sent_in_revision: true, approved: false })).toBe('inRevision');
    expect(reviewState({ sent_in_revision: false, approved: true })).toBe('approved');
  });

  it('picks the chosen proposition, else the newest by id, none when hidden (§2)', () => {
    const images = [
      { id: 3, image_url: 'c', chosen: false },
      { id: 9, image_url: 'n', chosen: false },
      { id: 5, image_url: 'x', chosen: false },
    ];
    expect(coverImage({ page, images, cover_image_url: null })).toBe('n');
    expect(coverImage({ page, images: images.map((i) => ({ ...i, chosen: i.id === 3 })), cover_image_url: null })).toBe('c');
    expect(coverImage({ page: { ...page, hide_cover_image_from_preview: true }, images, cover_image_url: 'n' })).toBeNull();
    expect(coverImage({ page, images: [], cover_image_url: null })).toBeNull();
  });

  it('reads stored paths from the backend', () => {
    expect(assetUrl('/storage/v1/object/public/a.png', 'http://b:1/')).toBe('http://b:1/storage/v1/object/public/a.png');
    expect(assetUrl('https://cdn/x.png', 'http://b:1')).toBe('https://cdn/x.png');
    expect(assetUrl('//evil/x.png', 'http://b:1')).toBe('//evil/x.png');
  });

  it('counts words and minutes', () => {
    expect(wordCount('<p>Un deux <b>trois</b> — quatre</p>')).toBe(4);
    expect(readingMinutes('<p>mot</p>')).toBe(1);
    expect(readingMinutes(`<p>${'mot '.repeat(3000)}</p>`)).toBe(13);
  });

  it('drops a leading h1 that repeats the page name only', () => {
    expect(withoutRepeatedTitle('<h1>Le  Titre</h1><p>x</p>', 'le titre')).toBe('<p>x</p>');
    expect(withoutRepeatedTitle('<h1>Autre</h1><p>x</p>', 'Le titre')).toBe('<h1>Autre</h1><p>x</p>');
  });
});

describe('sanitizeArticleHtml', () => {
  it('removes scripts, handlers, javascript: links, frames, forms and styles', () => {
    const out = sanitizeArticleHtml(
      '<p style="color:red" onclick="x()">a<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a><iframe src="https://e"></iframe><form><input></form><style>*{}</style><svg><script>alert(2)</script></svg>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|javascript:|iframe|<form|<input|<style|style=/i);
    expect(out).toContain('<p>a</p>');
  });

  it('keeps the structure and makes links safe', () => {
    const out = sanitizeArticleHtml('<h2>T</h2><ul><li>a</li></ul><table><tbody><tr><td>1</td></tr></tbody></table><blockquote>q</blockquote><a href="https://x.fr">x</a><img src="/i.png" alt="i">');
    expect(out).toContain('<h2>T</h2>');
    expect(out).toContain('<td>1</td>');
    expect(out).toContain('<blockquote>q</blockquote>');
    expect(out).toMatch(/<a href="https:\/\/x.fr" target="_blank" rel="noopener noreferrer nofollow">/);
    expect(out).toMatch(/<img src="\/i.png" alt="i" loading="lazy" decoding="async">/);
  });
});

describe('displayTitle (audit L10)', () => {
  it('a page named by its address shows its host', () => {
    expect(displayTitle('https://www.fournil-mwy7jozy.fr/pain-au-levain')).toBe('fournil-mwy7jozy.fr');
    expect(displayTitle('fournil-mwy7jozy.fr/pain-au-levain')).toBe('fournil-mwy7jozy.fr');
    expect(displayTitle('WWW.Boulange.example')).toBe('boulange.example');
    expect(displayTitle('http://localhost.example:8080/x?y=1')).toBe('localhost.example');
  });
  it('any other name as it is', () => {
    expect(displayTitle('Pain au levain : la recette')).toBe('Pain au levain : la recette');
    expect(displayTitle('Le pain.fr de demain')).toBe('Le pain.fr de demain');
    expect(displayTitle('v2.0')).toBe('v2.0');
    expect(displayTitle('')).toBe('');
  });
});
