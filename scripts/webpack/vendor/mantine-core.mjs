// Module-federation facade of @mantine/core (share key '@mantine/core'; see ./README.md).
// Every app's `import { … } from '@mantine/core'` is served by this one module per page, so the
// page downloads the components the apps use instead of the whole library. A name missing here is
// `undefined` at run time: the facade test (npm test) lists what the sources import.
export {
  Accordion, AccordionChevron, ActionIcon, Alert, Anchor, Avatar, Badge, Box, Burger,
  Button, Card, Center, CloseButton, Code, Container, Divider, Group, InlineStyles, List,
  Loader, MantineProvider, Paper,
  SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title,
  UnstyledButton, VisuallyHidden, createSafeContext, createTheme, createVarsResolver,
  extractStyleProps, factory, filterProps, getBaseValue, getDefaultZIndex, getSortedBreakpoints,
  getSpacing, getStyleObject, keys, px, rem, useDirection, useMantineTheme, useProps,
  useRandomClassName, useStyles
} from 'citable-vendor-impl/mantine-core';
