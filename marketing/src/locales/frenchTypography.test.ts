import { frenchTypographyIssues, stringsOf } from '@citable/shared/testing/french-typography';
import fr from './fr';
import { coreMessages } from '../i18n';

describe('French typography of the marketing copy', () => {
  it('non-breaking spaces before ? ! : ; », in numbers and units, ’, …, €', () => {
    expect(frenchTypographyIssues(stringsOf(fr))).toEqual([]);
    expect(frenchTypographyIssues(stringsOf(coreMessages.fr))).toEqual([]);
  });

  it('no English left in the French copy', () => {
    const english = /\b(Head of|Solopreneur|Slide|Manager|Lead|Founder|Director|Claim|Get started)\b/;
    expect([...stringsOf(fr)].filter((text) => english.test(text))).toEqual([]);
  });
});
