import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, currentLanguage, i18n, type Language } from '@citable/shared';

/** fr / en switch; i18next's detector remembers the choice in localStorage. */
export function LanguageSwitch({ size = 'xs', fullWidth = false }: { size?: 'xs' | 'sm'; fullWidth?: boolean }) {
  const { t, i18n: instance } = useTranslation('shell');
  // re-render on language change through useTranslation; read the normalised language
  const value = instance.resolvedLanguage ? currentLanguage() : 'fr';
  return (
    <SegmentedControl
      size={size}
      fullWidth={fullWidth}
      aria-label={t('header.language')}
      value={value}
      onChange={(lng) => void i18n.changeLanguage(lng as Language)}
      data={SUPPORTED_LANGUAGES.map((lng) => ({
        value: lng,
        label: <span title={t(`languages.${lng}`)} lang={lng}>{lng.toUpperCase()}</span>,
      }))}
      data-testid="language-switch"
    />
  );
}
