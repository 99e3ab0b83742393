import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@citable/shared';
import { showErrorToast } from '../toasts';
import './texts';

/** Signs out, then goes to '/'; on failure shows 'Impossible de se déconnecter. Veuillez réessayer.' */
export function useSignOut() {
  const signOut = useAuthStore((s) => s.signOut);
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const [isSigningOut, setSigningOut] = useState(false);
  const handleSignOut = useCallback(async () => {
    setSigningOut(true);
    try {
      const { error } = await signOut();
      if (error) {
        showErrorToast(t('toast.signOutError.title'), t('toast.signOutError.message'));
        return;
      }
      navigate('/', { replace: true });
    } catch {
      showErrorToast(t('toast.signOutError.title'), t('toast.signOutError.message'));
    } finally {
      setSigningOut(false);
    }
  }, [signOut, navigate, t]);
  return { signOut: handleSignOut, isSigningOut };
}
