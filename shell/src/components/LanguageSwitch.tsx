import { ActionIcon, SegmentedControl } from '@mantine/core';
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

/** One-button variant for narrow headers: shows and switches to the other language. */
export function LanguageToggle() {
  const { t, value, change } = useLanguage();
  const other: Language = value === 'fr' ? 'en' : 'fr';
  const label = `${t('header.language')} : ${t(`languages.${other}`)}`;
  return (
    // (shown on narrow, touch screens: a native title rather than a hover tooltip)
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      title={label}
      onClick={() => change(other)}
      data-testid="language-toggle"
      lang={other}
    >
      <span style={{ fontSize: 12, fontWeight: 700 }}>{other.toUpperCase()}</span>
    </ActionIcon>
  );
}
