/** The bulk import and export texts: French typography, the same keys in English. */
import { frenchTypographyIssues, keyPathsOf, stringsOf } from '@citable/shared/testing/french-typography';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe('the bulk texts', () => {
  it('French typography and the same keys in English', () => {
    expect(frenchTypographyIssues(stringsOf(fr))).toEqual([]);
    expect(keyPathsOf(en).sort()).toEqual(keyPathsOf(fr).sort());
  });
});
