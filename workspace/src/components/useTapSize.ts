import { useMediaQuery } from '@mantine/hooks';

/** Phones and touch screens: where a control must be at least 44 px to be tapped reliably. */
export const TOUCH_QUERY = '(max-width: 48em), (pointer: coarse)';

/**
 * The size of an icon-only button (ActionIcon): 'xl' (44 px) on phones and touch screens,
 * Mantine's default 'md' (28 px) elsewhere, where a mouse points precisely.
 */
export function useTapSize(): 'xl' | 'md' {
  return useMediaQuery(TOUCH_QUERY) ? 'xl' : 'md';
}
