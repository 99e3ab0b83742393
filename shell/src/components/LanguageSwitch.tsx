import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, currentLanguage, i18n, type Language } from '@citable/shared';

function useLanguage() {
  const { t, i18n: instance } = useTranslation('shell');
  // useTranslation re-renders on language change; read the normalised language
  const value: Language = instance.resolvedLanguage ? currentLanguage() : 'fr';
  const change = (lng: Language) => void i18n.changeLanguage(lng);
  return { t, value, change };
}

/** fr / en switch; i18next's detector remembers the choice in localStorage. */
export function LanguageSwitch({ size = 'xs', fullWidth = false }: { size?: 'xs' | 'sm'; fullWidth?: boolean }) {
  const { t, value, change } = useLanguage();
  return (
    <SegmentedControl
      size={size}
      fullWidth={fullWidth}
      // a named group of two radios (a bare div may not carry aria-label)
      role="radiogroup"
      aria-label={t('header.language')}
      value={value}
      onChange={(lng) => change(lng as Language)}
      data={SUPPORTED_LANGUAGES.map((lng) => ({
        value: lng,
        label: (
          <span title={t(`languages.${lng}`)} lang={lng}>
            {lng.toUpperCase()}
          </span>
        ),
      }))}
      data-testid="language-switch"
    />
  );
}
