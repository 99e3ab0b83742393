import { frenchTypographyIssues, keyPathsOf, stringsOf } from '@citable/shared/testing/french-typography';
import en from './locales/en.json';
import fr from './locales/fr.json';
import actionsEn from '../page-actions/locales/en.json';
import actionsFr from '../page-actions/locales/fr.json';

describe('the run confirmation and the actions list: texts', () => {
  it.each([
    ['run confirmation', fr, en],
    ['actions list', actionsFr, actionsEn],
  ])('%s: French typography and the same keys in English', (_name, french, english) => {
    expect(frenchTypographyIssues(stringsOf(french))).toEqual([]);
    expect(keyPathsOf(english).sort()).toEqual(keyPathsOf(french).sort());
  });
});
