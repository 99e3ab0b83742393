import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Voice } from '../../../content/types';
import type { ClaimSubmitter } from './useClaimSubmit';

/** open(voice): the dialog speaks in the voice of the page that opened it (default: the brand's "we"). */
interface ClaimDialogContextValue { open: (voice?: Voice) => void; close: () => void; isOpen: boolean }

const ClaimDialogContext = createContext<ClaimDialogContextValue | null>(null);

// the dialog (form, validation) is only downloaded when a visitor opens it
const ClaimDialog = lazy(() => import('../components/ClaimDialog').then((m) => ({ default: m.ClaimDialog })));

/** Provides the one free-article dialog that every landing page's call to action opens. */
export function ClaimDialogProvider({ children, submit }: { children: ReactNode; submit?: ClaimSubmitter }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const [voice, setVoice] = useState<Voice>('team');
  // the control that opened the dialog gets the focus back when it has closed (the dialog is mounted
  // already open the first time, so Mantine's own focus return has nothing to return to)
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((openerVoice: Voice = 'team') => {
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setVoice(openerVoice);
    setHasOpened(true);
    setIsOpen(true);
  }, []);
  const returnFocus = useCallback(() => {
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  const value = useMemo(() => ({ open, close, isOpen }), [open, close, isOpen]);
  return (
    <ClaimDialogContext.Provider value={value}>
      {children}
      {hasOpened && (
        <Suspense fallback={null}>
          <ClaimDialog opened={isOpen} onClose={close} onClosed={returnFocus} submit={submit} voice={voice} />
        </Suspense>
      )}
    </ClaimDialogContext.Provider>
  );
}

export function useClaimDialog(): ClaimDialogContextValue {
  const value = useContext(ClaimDialogContext);
  if (!value) throw new Error('useClaimDialog must be used inside <ClaimDialogProvider>');
  return value;
}
