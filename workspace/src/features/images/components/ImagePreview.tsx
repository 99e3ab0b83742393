import { useState } from 'react';
import { Box, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

type LoadState = 'loading' | 'loaded' | 'failed';

export interface ImagePreviewProps {
  src: string;
  alt: string;
  /** covers its box (a card's thumbnail) */
  radius?: string;
}

/**
 * A thumbnail that says what it is (audit 12 P2): a skeleton while the file loads, the picture once
 * loaded, and a broken-image icon with "Aperçu indisponible" when the file cannot be shown (missing,
 * not an image, the network) — never an empty grey box. Place it in a box of fixed ratio (AspectRatio).
 */
export function ImagePreview({ src, alt, radius }: ImagePreviewProps) {
  const { t } = useTranslation(NS);
  // the state of this src (another src starts loading again); React listens to the image from its
  // creation, so a file from the cache reports its load too
  const [seen, setSeen] = useState<{ src: string; state: LoadState }>({ src, state: 'loading' });
  const state: LoadState = seen.src === src ? seen.state : 'loading';
  const setState = (next: LoadState) => setSeen({ src, state: next });

  return (
    <Box pos="relative" w="100%" h="100%" data-testid="image-preview" data-state={state}>
      {state !== 'failed' && (
        <Image
          src={src}
          alt={alt}
          fit="cover"
          radius={radius}
          w="100%"
          h="100%"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          style={state === 'loading' ? { opacity: 0 } : undefined}
        />
      )}
      {state === 'loading' && <Skeleton pos="absolute" inset={0} radius={radius ?? 0} aria-hidden />}
      {state === 'failed' && (
        <Stack
          // named like the picture it stands for (a decorative preview, alt "", stays silent)
          role={alt ? 'img' : undefined}
          aria-label={alt ? `${alt} (${t('preview.unavailable')})` : undefined}
          aria-hidden={alt ? undefined : true}
          gap={4}
          align="center"
          justify="center"
          h="100%"
          p="xs"
          bg="gray.1"
          style={{ borderRadius: radius ? `var(--mantine-radius-${radius})` : undefined }}
        >
          <IconPhotoOff size={28} stroke={1.5} color="var(--mantine-color-gray-7)" aria-hidden />
          <Text size="xs" c="gray.7" ta="center" aria-hidden>
            {t('preview.unavailable')}
          </Text>
        </Stack>
      )}
    </Box>
  );
}
