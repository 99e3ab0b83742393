import { Modal, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ArticleForView } from '@citable/shared';
import { NS } from '../i18n';

interface Props {
  opened: boolean;
  onClose: () => void;
  images: ArticleForView['images'];
  currentUrl: string | null;
  resolve: (url: string) => string;
  busy: boolean;
  onSelect: (imageId: number) => void;
}

/** 'Select an Image' (§2): a grid of the page's proposition images; the current cover is marked. */
export function SelectImageModal({ opened, onClose, images, currentUrl, resolve, busy, onSelect }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('images.title')}
      size="xl"
      centered
      fullScreen={false}
      closeButtonProps={{ 'aria-label': t('images.close') }}
    >
      {images.length === 0 ? (
        <Text c="dark.4">{t('images.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="image-grid">
          {images.map((image, index) => {
            const isCurrent = image.image_url === currentUrl;
            return (
              <div key={image.id}>
                <button
                  type="button"
                  className="cv-image-choice"
                  aria-pressed={isCurrent}
                  aria-label={t('images.choose', { index: index + 1 })}
                  disabled={busy}
                  data-testid="image-choice"
                  data-image-id={image.id}
                  onClick={() => onSelect(image.id)}
                >
                  <img src={resolve(image.image_url)} alt="" loading="lazy" />
                </button>
                {isCurrent && (
                  <Text size="sm" fw={600} mt={4} c="indigo.9">
                    {t('images.current')}
                  </Text>
                )}
              </div>
            );
          })}
        </SimpleGrid>
      )}
    </Modal>
  );
}
