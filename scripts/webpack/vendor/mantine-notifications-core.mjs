// What @mantine/notifications sees as '@mantine/core' (create-config.cjs rewrites that import for the
// package's own files only; see ./README.md). The toast library downloads the first time a toast is
// shown, so the parts only it needs — the notification card, the portal and react-remove-scroll — come
// bundled with it instead of sitting in the @mantine/core facade that every page downloads first.
// Everything else is the page's shared @mantine/core (facade), so toasts use the page's theme.
// The facade test checks this list against what the library imports.
export {
  Box, createVarsResolver, extractStyleProps, factory, getDefaultZIndex, getStyleObject, rem,
  useMantineTheme, useProps, useStyles
} from '@mantine/core';
export { Notification, OptionalPortal, RemoveScroll } from '@citable/mantine-bundled';
