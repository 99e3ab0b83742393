import Papa from 'papaparse';
import type { ExportRow } from '../api/report';
import { answersCsv, csvFileName } from './csv';

const row = (over: Partial<ExportRow> = {}): ExportRow => ({
  id: 1,
  created_at: '2026-10-06T14:05:09.123Z',
  engine: 'GPT-4o',
  page: 'Pain au levain',
  prompt: 'Quel levain choisir\u00a0?',
  phrasing: 'Quel levain choisir\u00a0?',
  version_created: '2026-09-20T23:30:00Z',
  cited: true,
  mentioned: false,
  cited_domains: ['fournil.example', 'levain.org'],
  ...over,
});

describe('the answers CSV (RFC 4180, UTF-8 with BOM)', () => {
  it('French: BOM, ";" between fields, CRLF after every record, 1/0, dates in UTC', () => {
    const csv = answersCsv([row()], 'fr');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'date;moteur;page;question;formulation;version;cité;marque nommée;domaines cités',
      '2026-10-06 14:05;GPT-4o;Pain au levain;Quel levain choisir\u00a0?;Quel levain choisir\u00a0?;2026-09-20;1;0;fournil.example levain.org',
      '',
    ]);
  });

  it('English: "," between fields, English headers', () => {
    const csv = answersCsv([row({ cited: false, mentioned: true, version_created: null, engine: null })], 'en');
    expect(csv.slice(1).split('\r\n').slice(0, 2)).toEqual([
      'date,engine,page,prompt,phrasing,version,cited,mentioned,cited domains',
      '2026-10-06 14:05,,Pain au levain,Quel levain choisir\u00a0?,Quel levain choisir\u00a0?,,0,1,fournil.example levain.org',
    ]);
  });

  it('quotes fields holding the delimiter, a quote or a line break, doubling the quotes; reads back the same', () => {
    const tricky = 'Pain "maison"; au levain,\r\nou pas';
    const csv = answersCsv([row({ page: tricky })], 'fr');
    expect(csv).toContain('"Pain ""maison""; au levain,\r\nou pas"');
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[1][2]).toBe(tricky);
  });

  it('a text a spreadsheet would run as a formula is written inert', () => {
    const csv = answersCsv([row({ prompt: '=HYPERLINK("http://x")', phrasing: '+33 1 23', cited_domains: [] })], 'en');
    const line = csv.slice(1).split('\r\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(`'+33 1 23`);
  });

  it('no answer: the header line alone', () => {
    expect(answersCsv([], 'en')).toBe('\uFEFFdate,engine,page,prompt,phrasing,version,cited,mentioned,cited domains\r\n');
  });

  it('the file name from the page name and the day', () => {
    expect(csvFileName('Pain d’Épices & Co', 'fr', new Date('2026-10-06T12:00:00Z'))).toBe('visibilite-ia-pain-d-epices-co-2026-10-06.csv');
    expect(csvFileName('!!!', 'en', new Date('2026-10-06T12:00:00Z'))).toBe('ai-visibility-page-2026-10-06.csv');
  });
});
