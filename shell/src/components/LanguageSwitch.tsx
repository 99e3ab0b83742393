import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, currentLanguage, i18n, type Language } from '@citable/shared';
import './LanguageSwitch.css';

function useLanguage() {
  const { t, i18n: instance } = useTranslation('shell');
  // useTranslation re-renders on language change; read the normalised language
  const value: Language = instance.resolvedLanguage ? currentLanguage() : 'fr';
  const change = (lng: Language) => void i18n.changeLanguage(lng);
  return { t, value, change };
}

/**
 * fr / en switch in every header; i18next's detector remembers the choice in localStorage.
 * A named group of two native radios styled as a segmented control: arrow keys move between the
 * languages, Tab reaches the group once, and no script measures the page to place the highlight
 * (Mantine's SegmentedControl did, in a forced layout on every public page's first render).
 * `name` groups the radios: a readable word, never a generated id (screen readers announced React's
 * useId, '_r_d_'); a second switch on the same page (the settings) passes its own.
 */
export function LanguageSwitch({ size = 'xs', name = 'language' }: { size?: 'xs' | 'sm'; name?: string }) {
  const { t, value, change } = useLanguage();
  return (
    <div role="radiogroup" aria-label={t('header.language')} className="cz-lang" data-size={size} data-testid="language-switch">
      {SUPPORTED_LANGUAGES.map((lng) => (
        <label key={lng} className="cz-lang-option" title={t(`languages.${lng}`)}>
          <input
            type="radio"
            className="cz-lang-input"
            name={name}
            value={lng}
            checked={value === lng}
            onChange={() => change(lng)}
          />
          <span lang={lng}>{lng.toUpperCase()}</span>
        </label>
      ))}
    </div>
  );
}
