import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface LoadErrorAlertProps {
  /** the spec's message for this load (e.g. 'Unable to load page keywords.') */
  title: string;
  /** what went wrong, in the user's language (dataErrorMessage), when it adds something */
  detail?: string;
  retryLabel: string;
  /** the failed query: Retry refetches it and spins while it runs */
  query: { refetch: () => unknown; isFetching?: boolean };
  'data-testid'?: string;
}

/** A load that failed: its message, what went wrong, and a Retry button (announced as an alert). */
export function LoadErrorAlert({ title, detail, retryLabel, query, 'data-testid': testId }: LoadErrorAlertProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert" data-testid={testId}>
      {detail && <Text size="sm">{detail}</Text>}
      <Button mt="sm" size="sm" variant="light" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
