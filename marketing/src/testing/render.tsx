import type { ReactElement, ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18n, theme } from '@citable/shared';
import { registerMarketingI18n } from '../i18n';
import en from '../locales/en';
import fr from '../locales/fr';
import { provideLocaleContent } from '../locales/load';

registerMarketingI18n(i18n);
// both languages at hand, as in a page where a visitor switched language
provideLocaleContent('en', en, i18n);
provideLocaleContent('fr', fr, i18n);

/** Shows the current location so tests can assert navigations. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}{location.hash}</output>;
}

export async function setLanguage(lng: 'en' | 'fr') {
  await act(async () => {
    await i18n.changeLanguage(lng);
  });
}

/** Renders inside Mantine (+ notifications), the shared i18n instance with the marketing namespace, and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', extraRoutes }: { route?: string; extraRoutes?: ReactNode } = {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications />
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="*" element={ui} />
            {extraRoutes}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}
