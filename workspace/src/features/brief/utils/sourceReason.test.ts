import i18next from 'i18next';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { sourceReason, sourceReasonText } from './sourceReason';

const NBSP = '\u00a0';

async function translator(language: 'fr' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { fr: { brief: fr }, en: { brief: en } }, defaultNS: 'brief', interpolation: { escapeValue: false } });
  return instance.t.bind(instance) as unknown as (key: string, options?: Record<string, unknown>) => string;
}

describe('why a competitor page was not read', () => {
  it('recognises each reason the worker records (worker/src/engine/research.ts)', () => {
    expect(sourceReason('HTTP 404')).toEqual({ code: 'http', status: '404' });
    expect(sourceReason('HTTP error')).toEqual({ code: 'http', status: '' });
    expect(sourceReason('not HTML (application/pdf)')).toEqual({ code: 'notHtml', type: 'application/pdf' });
    expect(sourceReason('not HTML (another type)')).toEqual({ code: 'notHtml', type: '' });
    expect(sourceReason('not HTML (.pdf file)')).toEqual({ code: 'notHtmlFile', extension: 'pdf' });
    expect(sourceReason('no answer within 7.5 s')).toEqual({ code: 'timeout', seconds: 7.5 });
    expect(sourceReason('refused address (not public)')).toEqual({ code: 'address' });
    expect(sourceReason('too many redirects')).toEqual({ code: 'redirects' });
    expect(sourceReason('unknown host')).toEqual({ code: 'dns' });
    expect(sourceReason('not an http(s) URL')).toEqual({ code: 'scheme' });
    expect(sourceReason('could not be parsed (Unexpected end)')).toEqual({ code: 'unparsable' });
    expect(sourceReason('too little text (80 words)')).toEqual({ code: 'tooShort', words: 80 });
    expect(sourceReason(null)).toEqual({ code: 'none' });
    expect(sourceReason('  ')).toEqual({ code: 'none' });
    expect(sourceReason('socket hang up')).toEqual({ code: 'other', text: 'socket hang up' });
  });

  it('says it in French, with the details and French numbers', async () => {
    const t = await translator('fr');
    expect(sourceReasonText('HTTP 404', t, 'fr')).toBe(`la page a répondu par une erreur HTTP${NBSP}404`);
    expect(sourceReasonText('not HTML (application/pdf)', t, 'fr')).toBe('ce n’est pas une page web (application/pdf)');
    expect(sourceReasonText('not HTML (.docx file)', t, 'fr')).toBe('c’est un fichier DOCX, pas une page web');
    expect(sourceReasonText('no answer within 7.5 s', t, 'fr')).toBe(`pas de réponse en 7,5${NBSP}s`);
    expect(sourceReasonText('too little text (1 word)', t, 'fr')).toBe(`trop peu de texte (1${NBSP}mot)`);
    expect(sourceReasonText('too little text (1200 words)', t, 'fr')).toBe(`trop peu de texte (1${'\u202f'}200${NBSP}mots)`);
    expect(sourceReasonText('unknown host', t, 'fr')).toBe('nom de domaine introuvable');
    expect(sourceReasonText(null, t, 'fr')).toBe('aucune raison enregistrée');
    // an unknown reason is shown as recorded rather than hidden
    expect(sourceReasonText('socket hang up', t, 'fr')).toBe('socket hang up');
  });

  it('and in English', async () => {
    const t = await translator('en');
    expect(sourceReasonText('HTTP 503', t, 'en')).toBe('the page answered with HTTP error 503');
    expect(sourceReasonText('too little text (80 words)', t, 'en')).toBe('too little text (80 words)');
    expect(sourceReasonText('refused address (not public)', t, 'en')).toBe('refused address (not public)');
  });
});
