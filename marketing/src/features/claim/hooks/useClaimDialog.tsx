import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ClaimSubmitter } from './useClaimSubmit';

interface ClaimDialogContextValue { open: () => void; close: () => void; isOpen: boolean }

const ClaimDialogContext = createContext<ClaimDialogContextValue | null>(null);

// the dialog (form, validation) is only downloaded when a visitor opens it
const ClaimDialog = lazy(() => import('../components/ClaimDialog').then((m) => ({ default: m.ClaimDialog })));

/** Provides the one free-article dialog that every landing page's call to action opens. */
export function ClaimDialogProvider({ children, submit }: { children: ReactNode; submit?: ClaimSubmitter }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const open = useCallback(() => { setHasOpened(true); setIsOpen(true); }, []);
  const close = useCallback(() => setIsOpen(false), []);
  const value = useMemo(() => ({ open, close, isOpen }), [open, close, isOpen]);
  return (
    <ClaimDialogContext.Provider value={value}>
      {children}
      {hasOpened && (
        <Suspense fallback={null}>
          <ClaimDialog opened={isOpen} onClose={close} submit={submit} />
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
