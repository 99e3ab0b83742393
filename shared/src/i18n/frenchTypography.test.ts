import { frenchTypographyIssues, stringsOf } from '../testing/frenchTypography';
import platform from './locales/fr/platform.json';
import shell from './locales/fr/shell.json';
import authErrors from './on-demand/fr/auth-errors.json';
import dataErrors from './on-demand/fr/data-errors.json';

/** French texts the spec quotes verbatim (docs/product-rules.md), kept as written. */
const SPEC_VERBATIM = ["S'inscrire", "Erreur d'inscription", 'Connexion en cours...', 'Inscription en cours...', 'Envoi en cours...', 'Mise à jour en cours...'];

describe('French typography of the shared resources', () => {
  it.each([
    ['platform', platform], ['shell', shell], ['auth-errors', authErrors], ['data-errors', dataErrors],
  ])('%s: non-breaking spaces, ’, …', (_name, resources) => {
    expect(frenchTypographyIssues(stringsOf(resources), SPEC_VERBATIM)).toEqual([]);
  });

  it('finds each kind of mistake', () => {
    const bad = ['Mot de passe oublié?', 'Oups ! Page', 'L\'accueil', 'Chargement...', '195 EUR', '4 200', '15 minutes', '« x\u00a0»', '+70 %'];
    expect(frenchTypographyIssues(bad).map((i) => i.text)).toEqual(expect.arrayContaining(bad));
    const good = ['Mot de passe oublié\u00a0?', 'Oups\u00a0! Page', 'L’accueil', 'Chargement…', '195\u00a0€', '4\u00a0200', '15\u00a0minutes', '«\u00a0x\u00a0»', '+70\u00a0%', '24 à 48\u00a0heures', '© 2025 Citable', 'Analyse du top\u00a010, plan', '172,50\u00a0€'];
    expect(frenchTypographyIssues(good)).toEqual([]);
  });
});
