import { pagePath } from './pagePath';

describe('pagePath: the part of a page URL the list shows', () => {
  it.each([
    ['https://www.fournil.fr/pain-au-levain', '/pain-au-levain'],
    ['https://www.fournil.fr/', '/'],
    ['https://www.fournil.fr', '/'],
    ['http://fournil.fr/recettes/brioche/?tri=date#etapes', '/recettes/brioche/?tri=date#etapes'],
    ['https://fournil.fr/cr%C3%A8me-br%C3%BBl%C3%A9e', '/crème-brûlée'],
    ['https://fournil.fr/%E0%A4%A', '/%E0%A4%A'],
    ['  https://fournil.fr/x  ', '/x'],
    ['pas une adresse', 'pas une adresse'],
    ['ftp://fournil.fr/x', 'ftp://fournil.fr/x'],
  ])('%s → %s', (url, path) => expect(pagePath(url)).toBe(path));
});
