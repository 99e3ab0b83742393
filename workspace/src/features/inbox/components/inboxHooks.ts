// The inbox's small hooks: its dates and its phone breakpoint.
import { useMemo } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '@citable/shared';
import { NS } from '../i18n';
import { relativeTime } from '../utils/inbox';

/** Dates of the inbox: relative in the text, exact in the title (hover) and for screen readers. */
export function useDates() {
  const { t, i18n } = useTranslation(NS);
  return useMemo(() => {
    const exact = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    const now = new Date();
    return {
      exact: (iso: string) => exact.format(new Date(iso)),
      relative: (iso: string) => relativeTime(iso, now, i18n.language, t('justNow')),
    };
  }, [i18n.language, t]);
}

export type Dates = ReturnType<typeof useDates>;

/** Phones get the compact rows and menus. */
export const useIsMobile = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
