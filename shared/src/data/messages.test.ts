import { StorageApiError } from '@supabase/storage-js';
import { i18n } from '../i18n';
import { DataError, toDataError, type DataErrorKind } from './errors';
// through the entry, which registers the texts
import { dataErrorMessage, type Translate } from '.';
import fr from '../i18n/on-demand/fr/data-errors.json';
import en from '../i18n/on-demand/en/data-errors.json';
import { keyPathsOf } from '../testing/frenchTypography';

const tFr: Translate = i18n.getFixedT('fr');
const tEn: Translate = i18n.getFixedT('en');

const KINDS: DataErrorKind[] = ['network', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'invalid', 'rate_limited', 'server', 'unknown'];

describe('the errors namespace', () => {
  it('has the same keys in French and English, none empty, and a text per kind', () => {
    expect(keyPathsOf(fr).sort()).toEqual(keyPathsOf(en).sort());
    for (const text of [...Object.values(fr.data), ...Object.values(en.data)]) {
      expect(text.trim()).not.toBe('');
    }
    for (const kind of KINDS) expect(Object.keys(fr.data)).toContain(kind);
  });
});

describe('dataErrorMessage', () => {
  it.each(KINDS.filter((kind) => kind !== 'unknown'))('%s: a sentence of its own in each language', (kind) => {
    const error = new DataError(kind, 'raw server text');
    const french = dataErrorMessage(error, tFr);
    const english = dataErrorMessage(error, tEn);
    expect(french).toBe(fr.data[kind]);
    expect(english).toBe(en.data[kind]);
    expect(french).not.toBe(english);
    expect(french).not.toContain('raw server text');
  });

  it('examples: network, RLS refusal, rate-limited RPC', () => {
    expect(dataErrorMessage(new TypeError('Failed to fetch'), tFr)).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion internet puis réessayez.',
    );
    const rls = toDataError({ code: '42501', message: 'new row violates row-level security policy for table "pages"' }, { status: 403 });
    // the spec's words for a refusal (docs/product-rules.md#permissions)
    expect(dataErrorMessage(rls, tEn)).toBe("Sorry, you don't have permission to do this.");
    const flood = { code: 'P0001', message: 'Too many messages were sent from this address. Please try again later.', hint: 'rate_limited' };
    expect(dataErrorMessage(flood, tFr)).toBe('Trop de demandes en peu de temps. Patientez quelques minutes avant de réessayer.');
  });

  it('#27.12 says how many rows one request may carry when the database refuses more (PT413, too_many_rows)', () => {
    const error = toDataError(
      { code: 'PT413', message: 'Too many rows in one request: at most 500 pages actions at a time (got 501).', hint: 'too_many_rows' },
      { status: 413 },
    );
    expect(dataErrorMessage(error, tFr)).toBe('Trop d’éléments envoyés en une fois\u00a0: 500\u00a0au plus par demande.');
    expect(dataErrorMessage(error, tEn)).toBe('Too many items in one request: at most 500 at a time.');
  });

  it('says "too large" for a 413 (an upload over the limit)', () => {
    const error = new StorageApiError('The object exceeded the maximum allowed size', 413, '413');
    expect(dataErrorMessage(error, tEn)).toBe('The file or content sent is too large.');
    expect(dataErrorMessage(error, tFr)).toBe('Le fichier ou le contenu envoyé est trop volumineux.');
    // as the storage API answers it: HTTP 400 with statusCode 413
    const asServed = new StorageApiError('The object exceeded the maximum allowed size', 400, '413', 'storage', 'EntityTooLarge');
    expect(dataErrorMessage(asServed, tEn)).toBe('The file or content sent is too large.');
  });

  it('unknown kind: the server message when there is one, never a JavaScript failure', () => {
    expect(dataErrorMessage(new Error('Page not found'), tEn)).toBe('Page not found');
    expect(dataErrorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"), tEn)).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(dataErrorMessage(undefined, tFr)).toBe('Une erreur inattendue est survenue. Veuillez réessayer.');
    expect(dataErrorMessage({ message: '{}' }, tFr)).toBe('Une erreur inattendue est survenue. Veuillez réessayer.');
  });

  it('uses the current language without a t', async () => {
    await i18n.changeLanguage('en');
    expect(dataErrorMessage(new DataError('not_found', 'x'))).toBe('This item does not exist or has been deleted.');
    await i18n.changeLanguage('fr');
    expect(dataErrorMessage(new DataError('not_found', 'x'))).toBe('Cet élément n’existe pas ou a été supprimé.');
  });
});
