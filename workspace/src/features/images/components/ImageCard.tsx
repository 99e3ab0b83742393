import type { ReactNode } from 'react';
import { ActionIcon, AspectRatio, Card, Group, Image, Tooltip } from '@mantine/core';
import { IconMaximize, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@mantine/hooks';
import { TOUCH_QUERY } from '../../../components/useTapSize';
import { NS } from '../i18n';
import { imageSrc, type ImageRow } from '../api/images';

interface ImageCardProps {
  image: ImageRow;
  /** 1-based number in its grid, for names */
  n: number;
  /** the title of its section (propositions, examples): the controls' names say it, the numbers restart in each */
  section: string;
  alt: string;
  onEnlarge: () => void;
  onDelete: () => void;
  highlighted?: boolean;
  /** badge or select button */
  children?: ReactNode;
  testId: string;
}

/** One image of a grid: the picture, then its controls (View enlarged, delete, and what the grid adds). */
export function ImageCard({ image, n, section, alt, onEnlarge, onDelete, highlighted, children, testId }: ImageCardProps) {
  const { t } = useTranslation(NS);
  // 44 px taps on a phone or a touch screen (one thumb), 34 px for a mouse
  const iconSize = useMediaQuery(TOUCH_QUERY) ? 'xl' : 'lg';
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      data-testid={testId}
      data-image-id={image.id}
      data-chosen={image.chosen || undefined}
      style={highlighted ? { outline: '3px solid var(--mantine-color-teal-7)', outlineOffset: -1 } : undefined}
    >
      <Card.Section>
        <AspectRatio ratio={1200 / 630}>
          <Image src={imageSrc(image.image_url)} alt={alt} fit="cover" fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='12' height='6'><rect width='12' height='6' fill='%23e9ecef'/></svg>" />
        </AspectRatio>
      </Card.Section>
      <Group justify="space-between" gap={6} mt="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>{children}</div>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('enlarge')}>
            <ActionIcon variant="subtle" color="gray.8" size={iconSize} aria-label={t('enlargeOf', { n, section })} onClick={onEnlarge} data-testid="enlarge">
              <IconMaximize size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('delete.label')}>
            <ActionIcon variant="subtle" color="red.8" size={iconSize} aria-label={t('delete.of', { n, section })} onClick={onDelete} data-testid="delete-image">
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Card>
  );
}
