import { act, render, screen } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MARKETING_NS, registerMarketingI18n } from '../i18n';
import { useMarketingT } from '../lib/locale';
import { loadedLocaleContent, loadLocaleContent } from './load';

async function makeI18n(lng: 'fr' | 'en'): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ lng, fallbackLng: 'fr', ns: [MARKETING_NS], defaultNS: MARKETING_NS, resources: {}, interpolation: { escapeValue: false } });
  registerMarketingI18n(instance);
  return instance;
}

function Probe() {
  const { t, locale, content } = useMarketingT();
  return (
    <p data-testid="probe" data-locale={locale}>
      {t('common.seePricing')} | {content?.heroes.main.title ?? 'no content'}
    </p>
  );
}

describe('one chunk per language', () => {
  it('loads a language once, with its messages and its content', async () => {
    const i18n = await makeI18n('fr');
    expect(i18n.exists('common.seePricing', { lng: 'fr', ns: MARKETING_NS })).toBe(false);
    const first = loadLocaleContent('fr', i18n);
    expect(loadLocaleContent('fr', i18n)).toBe(first);
    const fr = await first;
    expect(fr.heroes.main.title).toBe('Des articles qui se positionnent sur Google et sont cités par l’IA');
    expect(i18n.t('common.seePricing', { lng: 'fr', ns: MARKETING_NS })).not.toBe('common.seePricing');
    expect(loadedLocaleContent('fr')).toBe(fr);
    expect(loadedLocaleContent('en')).toBeUndefined();
    // core messages are there before any language chunk
    expect(i18n.t('loading', { lng: 'en', ns: MARKETING_NS })).toBe('Loading…');
  });

  it('after a language switch, keeps the page in the language it shows until the new one has arrived', async () => {
    const i18n = await makeI18n('fr');
    await loadLocaleContent('fr', i18n);
    render(
      <I18nextProvider i18n={i18n}>
        <Probe />
      </I18nextProvider>,
    );
    const probe = screen.getByTestId('probe');
    expect(probe).toHaveAttribute('data-locale', 'fr');
    const frText = probe.textContent;
    expect(frText).toContain('Des articles qui se positionnent');

    expect(loadedLocaleContent('en')).toBeUndefined();
    act(() => {
      void i18n.changeLanguage('en');
    });
    // re-rendered for English, whose chunk is on its way: still all French (no keys, no mix)
    expect(i18n.language).toBe('en');
    expect(loadedLocaleContent('en')).toBeUndefined();
    expect(probe).toHaveAttribute('data-locale', 'fr');
    expect(probe.textContent).toBe(frText);

    await act(async () => {
      await loadLocaleContent('en', i18n);
    });
    expect(probe).toHaveAttribute('data-locale', 'en');
    expect(probe.textContent).toContain('Articles that rank on Google');
    expect(probe.textContent).not.toContain('common.seePricing');
  });
});
