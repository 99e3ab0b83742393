import { frenchTypographyIssues, stringsOf } from '@citable/shared/testing/french-typography';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe("the profile page's texts", () => {
  it('French typography: non-breaking spaces, ’, …', () => {
    expect(frenchTypographyIssues(stringsOf(fr))).toEqual([]);
  });
  it('the same keys in French and English', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix];
    expect(keys(en).sort()).toEqual(keys(fr).sort());
  });
});
