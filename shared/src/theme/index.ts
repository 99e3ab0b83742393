import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eef3ff',
  '#dce4f5',
  '#b9c7e2',
  '#94a8d0',
  '#748dc1',
  '#5f7cb8',
  '#5474b4',
  '#44639f',
  '#39588f',
  '#2d4b81',
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
