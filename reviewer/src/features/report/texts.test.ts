import { frenchTypographyIssues, keyPathsOf, stringsOf } from '@citable/shared/testing/french-typography';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe("the visibility report's texts", () => {
  it('French typography: non-breaking spaces, ’, …', () => {
    expect(frenchTypographyIssues(stringsOf(fr))).toEqual([]);
  });
  it('the same keys in French and English', () => {
    expect(keyPathsOf(en).sort()).toEqual(keyPathsOf(fr).sort());
  });
});
