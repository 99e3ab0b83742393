import { Stack, type StackProps } from '@mantine/core';

/** The frame of every workspace screen: the same margins and spacing everywhere. */
export function ScreenContainer({ children, ...props }: StackProps) {
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'lg' }} {...props}>
      {children}
    </Stack>
  );
}
