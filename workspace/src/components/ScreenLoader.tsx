import { Center, Loader, Stack, Text } from '@mantine/core';

interface ScreenLoaderProps {
  /** what is loading, read by screen readers and shown under the spinner */
  label: string;
}

/** The loading state of a whole screen or section: a spinner with its label, announced as a status. */
export function ScreenLoader({ label }: ScreenLoaderProps) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="gray.7">{label}</Text>
      </Stack>
    </Center>
  );
}
