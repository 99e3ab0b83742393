import { frenchTypographyIssues, keyPathsOf, stringsOf } from '@citable/shared/testing/french-typography';
import pagesEn from '../pages/locales/en.json';
import pagesFr from '../pages/locales/fr.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe("the Articles screen's and the page list's texts", () => {
  it('French typography: non-breaking spaces, ’, …', () => {
    expect(frenchTypographyIssues(stringsOf(fr))).toEqual([]);
    expect(frenchTypographyIssues(stringsOf(pagesFr))).toEqual([]);
  });
  it('the same keys in French and English', () => {
    expect(keyPathsOf(en).sort()).toEqual(keyPathsOf(fr).sort());
    expect(keyPathsOf(pagesEn).sort()).toEqual(keyPathsOf(pagesFr).sort());
  });
});
