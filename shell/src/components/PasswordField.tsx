// bundled with the lazy chunks that show a password field (scripts/webpack/vendor/README.md)
import { PasswordInput, type PasswordInputProps } from '@citable/mantine-bundled';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with its show/hide button named in the page's language (Mantine's own name
 * is English). The name is constant and `aria-pressed` says whether the characters show; it does not
 * repeat the field's label ('Mot de passe'), so a lookup by that label finds the field alone.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('fields.showCharacters') }} {...props} />;
}
