/**
 * The WordPress texts: French typography, the same keys in English, a text for every failure code
 * and refusal hint, and the page actions' WordPress warnings (the SEO reason nested in its sentence).
 */
import i18next from 'i18next';
import { frenchTypographyIssues, keyPathsOf, stringsOf } from '@citable/shared/testing/french-typography';
import en from './locales/en.json';
import fr from './locales/fr.json';
import actionsEn from '../page-actions/locales/en.json';
import actionsFr from '../page-actions/locales/fr.json';
import { warningText } from '../page-actions/actionRecord';
import { PUBLISH_REFUSALS, SAVE_REFUSALS, WORDPRESS_FAILURES } from './connection';

async function translator(lng: 'fr' | 'en', ns: string, resources: { fr: object; en: object }) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { fr: { [ns]: resources.fr }, en: { [ns]: resources.en } }, defaultNS: ns, interpolation: { escapeValue: false } });
  return i18n.getFixedT(lng, ns) as unknown as (key: string, options?: Record<string, unknown>) => string;
}

describe('the WordPress texts', () => {
  it('French typography and the same keys in English', () => {
    expect(frenchTypographyIssues(stringsOf(fr))).toEqual([]);
    expect(keyPathsOf(en).sort()).toEqual(keyPathsOf(fr).sort());
  });

  it.each(['fr', 'en'] as const)('%s: a text for each failure code, refusal hint and SEO case', async (lng) => {
    const t = await translator(lng, 'wordpress', { fr, en });
    for (const code of WORDPRESS_FAILURES) expect(t(`failure.${code}`)).not.toBe(`failure.${code}`);
    for (const hint of [...SAVE_REFUSALS, ...PUBLISH_REFUSALS]) expect(t(`refusal.${hint}`)).not.toBe(`refusal.${hint}`);
    for (const reason of ['no_plugin', 'meta_not_in_rest', 'route_missing']) expect(t(`test.seoReason.${reason}`)).not.toBe(`test.seoReason.${reason}`);
    expect(t('failure.unknown', { code: 'odd' })).toContain('odd');
  });

  it('the worker’s texts of each code, word for word (WORDPRESS_MESSAGES)', async () => {
    const frT = await translator('fr', 'wordpress', { fr, en });
    const enT = await translator('en', 'wordpress', { fr, en });
    expect(frT('failure.wrong_credentials')).toBe('WordPress refuse l’identifiant ou le mot de passe d’application.');
    expect(enT('failure.wrong_credentials')).toBe('WordPress refuses the username or the application password.');
    expect(frT('form.plainHttp')).toBe('Je confirme\u00a0: ce site n’utilise pas HTTPS, le mot de passe circulera en clair');
    expect(frT('section.notConfigured')).toBe('La publication WordPress n’est pas configurée sur ce serveur (WORDPRESS_SECRET_KEY).');
  });
});

describe('the page actions: publish_wordpress', () => {
  it('its name, each failure as a warning, the SEO reason inside its sentence', async () => {
    const frT = await translator('fr', 'pageActions', { fr: actionsFr, en: actionsEn });
    const enT = await translator('en', 'pageActions', { fr: actionsFr, en: actionsEn });
    expect(frT('action.publish_wordpress')).toBe('Publication sur WordPress');
    for (const code of WORDPRESS_FAILURES) {
      expect(warningText({ stage: 'publish', code: `wordpress_${code}`, message: 'English', params: { status: 401 } }, frT, 'fr')).toBe(fr.failure[code]);
      expect(warningText({ stage: 'publish', code: `wordpress_${code}`, message: 'English' }, enT, 'en')).toBe(en.failure[code]);
    }
    const seo = { stage: 'seo', code: 'wordpress_seo_not_written', message: 'left empty', params: { reason: 'no_plugin', plugin: 'none' } };
    expect(warningText(seo, frT, 'fr')).toBe('Le titre, la description et le mot-clé principal SEO sont restés vides\u00a0: ni Yoast SEO ni Rank Math n’est actif.');
    expect(warningText({ ...seo, params: { reason: 'meta_not_in_rest', plugin: 'yoast' } }, enT, 'en')).toBe(
      'The SEO title, description and focus keyword were left empty: Yoast SEO does not expose its fields to the REST API.',
    );
    expect(warningText({ stage: 'image', code: 'wordpress_cannot_upload', message: '' }, frT, 'fr')).toContain('image à la une');
    expect(warningText({ stage: 'find', code: 'wordpress_post_recreated', message: '', params: { post_id: 4 } }, enT, 'en')).toBe('The WordPress post had been deleted: a new post was created.');
    expect(frenchTypographyIssues(stringsOf(actionsFr))).toEqual([]);
    expect(keyPathsOf(actionsEn).sort()).toEqual(keyPathsOf(actionsFr).sort());
  });
});
