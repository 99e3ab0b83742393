import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { cssVariablesResolver, theme } from '../theme';
import { TAP_TARGET_CSS } from '../theme/tapTargets';
import { ToastContainer } from './toast';

export interface CitableProvidersProps {
  children: ReactNode;
  /** render the notifications container (only the outermost app should) */
  withNotifications?: boolean;
}

/** Mantine + notifications + i18n: used by the shell, and by each remote when it runs standalone. */
export function CitableProviders({ children, withNotifications = true }: CitableProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {/* 44 px taps for icon-only and close buttons on touch screens (audit 12 X1) */}
        <style data-citable="tap-targets">{TAP_TARGET_CSS}</style>
        {withNotifications && <ToastContainer />}
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
