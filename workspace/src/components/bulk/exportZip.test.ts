import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { INDEX_COLUMNS, exportFileName, exportFiles, markdownOf, slugOf, zipFiles, type ExportedArticle } from './exportZip';

const ARTICLES: ExportedArticle[] = [
  {
    page_id: 7,
    page_name: 'Pain au levain : la recette',
    page_url: 'https://boulangerie.fr/pain-au-levain',
    version_id: '00000000-0000-4000-8000-000000000007',
    version_date: '2026-11-20T10:00:00+00:00',
    state: 'approved',
    html: '<h2>Ingrédients</h2><ul><li>Farine</li><li>Eau</li></ul><p>Un <strong>bon</strong> <a href="https://x.fr">levain</a>.</p>',
  },
  { page_id: 9, page_name: 'Croissant', page_url: 'https://boulangerie.fr/croissant', version_id: null, version_date: null, state: 'none', html: null },
];

describe('the content export', () => {
  it('Markdown with turndown: ATX headings, dash bullets, links and bold kept', () => {
    expect(markdownOf(ARTICLES[0]?.html as string)).toBe('## Ingrédients\n\n-   Farine\n-   Eau\n\nUn **bon** [levain](https://x.fr).\n');
  });

  it('file names: ASCII slugs, the page id, the date', () => {
    expect(slugOf('Pain au levain : la recette')).toBe('pain-au-levain-la-recette');
    expect(slugOf('!!!')).toBe('page');
    expect(exportFileName('Boulangerie Élise', new Date('2026-11-26T12:00:00Z'))).toBe('citable-boulangerie-elise-2026-11-26.zip');
  });

  it('zips index.csv, one HTML and one Markdown file per article; a page without an article is in the index only', () => {
    const { files, articles, withoutArticle } = exportFiles(ARTICLES, 'fr');
    expect([articles, withoutArticle]).toEqual([1, 1]);
    const unzipped = unzipSync(zipFiles(files));
    expect(Object.keys(unzipped).sort()).toEqual(['html/pain-au-levain-la-recette-7.html', 'index.csv', 'markdown/pain-au-levain-la-recette-7.md']);

    const html = strFromU8(unzipped['html/pain-au-levain-la-recette-7.html'] as Uint8Array);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>Pain au levain : la recette</title>');
    expect(html).toContain(ARTICLES[0]?.html);
    const md = strFromU8(unzipped['markdown/pain-au-levain-la-recette-7.md'] as Uint8Array);
    expect(md.startsWith('# Pain au levain : la recette\n\n## Ingrédients')).toBe(true);

    const bytes = unzipped['index.csv'] as Uint8Array;
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM
    const parsed = Papa.parse<string[]>(strFromU8(bytes).replace(/^\uFEFF/, '').trim());
    expect(parsed.data).toEqual([
      [...INDEX_COLUMNS],
      ['Pain au levain : la recette', 'https://boulangerie.fr/pain-au-levain', '00000000-0000-4000-8000-000000000007', '2026-11-20T10:00:00+00:00', 'approved', 'html/pain-au-levain-la-recette-7.html', 'markdown/pain-au-levain-la-recette-7.md'],
      ['Croissant', 'https://boulangerie.fr/croissant', '', '', 'none', '', ''],
    ]);
  });

  it('escapes the page name in the HTML head', () => {
    const { files } = exportFiles([{ ...(ARTICLES[0] as ExportedArticle), page_name: 'A <b> & "c"' }], 'en');
    expect(Object.values(files).find((f) => f.startsWith('<!doctype'))).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
  });
});
