import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The one primary colour (audit L2): a saturated blue, every button filled with it at full strength
 * (brand.6, white text 6.2:1; brand.7 on hover). Green stays for approve / success, red for danger.
 */
const brand: MantineColorsTuple = [
  '#ebf2ff',
  '#d6e4fe',
  '#adc8fb',
  '#80a9f7',
  '#5a8ef3',
  '#3b76ef',
  '#1a56db',
  '#1747b8',
  '#143c9b',
  '#10307d',
];

/** The Mantine theme shared by the shell and every remote. */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  defaultRadius: 'md',
  // the reader's system font (San Francisco, Segoe UI, Roboto…): no web font to download, nothing to
  // swap after the first paint (Inter was declared here but never loaded)
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
});

/** docs/product-rules.md#constants: mobile breakpoint 768px */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * WCAG AA contrast at the source: Mantine's dimmed grey (gray.6, #868e96) is 3.3:1 on white and its
 * error red (red.6, #fa5252) 3.3:1; gray.7 (#495057, 8.2:1) and red.8 (#e03131, 4.6:1) pass AA on white. Pass to every MantineProvider (the apps' and the prerender's).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // links: brand.6 is 4.4:1 on the light grey sections (footer), brand.7 5.9:1
    '--mantine-color-anchor': 'var(--mantine-color-brand-7)',
  },
  dark: {},
});
