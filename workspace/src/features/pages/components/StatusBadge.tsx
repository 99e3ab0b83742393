import { Badge } from '@mantine/core';
import { useStatusLabel } from './statusOptions';

const STATUS_COLORS: Record<number, string> = { 1: 'teal', 2: 'gray', 3: 'orange' };

/** A page status (Published, Draft, In Review…) in the user's language; the color as a dot, the text dark on white (AA on any row background, selected or hovered). */
export function StatusBadge({ id, name, testId }: { id: number; name: string | null | undefined; testId?: string }) {
  const label = useStatusLabel();
  const color = STATUS_COLORS[id] ?? 'gray';
  return (
    <Badge variant="dot" color={color} tt="none" c="dark.7" bg="white" miw="max-content" data-testid={testId}>
      {label(name)}
    </Badge>
  );
}
