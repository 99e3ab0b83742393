import { frenchTypographyIssues, keyPathsOf, stringsOf } from '@citable/shared/testing/french-typography';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe("the 'auth' namespace's texts", () => {
  it('French typography: non-breaking spaces, ’, …', () => {
    // texts the spec quotes verbatim in French (docs/product-rules.md), kept as written
    const specVerbatim = ["S'inscrire", "Erreur d'inscription", 'Connexion en cours...', 'Inscription en cours...', 'Envoi en cours...', 'Mise à jour en cours...'];
    expect(frenchTypographyIssues(stringsOf(fr), specVerbatim)).toEqual([]);
  });
  it('the same keys in French and English', () => {
    expect(keyPathsOf(en).sort()).toEqual(keyPathsOf(fr).sort());
  });
});
