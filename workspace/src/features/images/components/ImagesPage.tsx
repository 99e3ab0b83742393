import '../i18n';
import { useRef, useState } from 'react';
import { Badge, Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCircleCheck, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { PageActionsList } from '../../../components/PageActionsList';
import { PageSubScreen, type PageContext } from '../../../components/PageSubScreen';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { paths } from '../../../config/paths';
import { NS } from '../i18n';
import { imageSrc, useChooseImage, useDeleteImage, useImages, type ImageRow } from '../api/images';
import { ExampleUploader } from './ExampleUploader';
import { GenerateImageForm } from './GenerateImageForm';
import { ImageCard } from './ImageCard';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';

type Numbered = { image: ImageRow; n: number; kind: 'proposition' | 'example' };

function ImagesScreen({ page }: { page: PageContext }) {
  const { t } = useTranslation(NS);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const propositions = useImages(page.id, 'proposition');
  const examples = useImages(page.id, 'example');
  const choose = useChooseImage(page.id);
  const deleteImage = useDeleteImage(page.id);
  const [enlarged, setEnlarged] = useState<Numbered | null>(null);
  const [toDelete, setToDelete] = useState<Numbered | null>(null);
  const [choosing, setChoosing] = useState<number | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);

  const pick = (image: ImageRow) => {
    setChoosing(image.id);
    choose.mutate(image.id, {
      // one toast however many picks in a row (a second show with the same id is a no-op while it is up)
      onSuccess: () => showToast({ id: 'images-selected', color: 'teal', message: t('propositions.selected') }),
      onError: (error) => showToast({ color: 'red', title: t('errorTitle'), message: `${t('propositions.selectError')} — ${dataErrorMessage(error, t)}` }),
      onSettled: () => setChoosing(null),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteImage.mutate(toDelete.image.id, {
      onSuccess: () => {
        showToast({ id: 'images-deleted', color: 'teal', message: t('delete.success') });
        setToDelete(null);
      },
      onError: (error) => showToast({ color: 'red', title: t('errorTitle'), message: `${t('delete.error')} — ${dataErrorMessage(error, t)}` }),
    });
  };

  const goToGenerate = () => {
    document.getElementById('generate-form')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    numberRef.current?.focus({ preventScroll: true });
  };

  const loadError = (title: string, query: { refetch: () => unknown; isFetching: boolean }, testId: string) => (
    <LoadErrorAlert title={t('errorTitle')} detail={title} retryLabel={t('retry')} query={query} data-testid={testId} />
  );

  let propositionsBody;
  if (propositions.isPending) propositionsBody = <ScreenLoader label={t('propositions.loading')} />;
  else if (propositions.isError) propositionsBody = loadError(t('propositions.loadError'), propositions, 'propositions-error');
  else if (propositions.data.length === 0) {
    propositionsBody = (
      <Stack gap={4} py="md" ta="center" data-testid="propositions-empty">
        <Text fw={600}>{t('propositions.empty')}</Text>
        <Text size="sm" c="gray.7">
          {t('propositions.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    propositionsBody = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" data-testid="propositions-grid">
        {propositions.data.map((image, i) => (
          <ImageCard
            key={image.id}
            image={image}
            n={i + 1}
            section={t('propositions.title')}
            alt={t('propositions.alt', { n: i + 1 })}
            highlighted={image.chosen}
            onEnlarge={() => setEnlarged({ image, n: i + 1, kind: 'proposition' })}
            onDelete={() => setToDelete({ image, n: i + 1, kind: 'proposition' })}
            testId="proposition"
          >
            {image.chosen ? (
              <Badge color="teal.9" variant="filled" leftSection={<IconCircleCheck size={14} />} data-testid="chosen-badge">
                {t('propositions.chosen')}
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                onClick={() => pick(image)}
                loading={choosing === image.id}
                disabled={choosing !== null && choosing !== image.id}
                aria-label={t('propositions.chooseOf', { n: i + 1 })}
                data-testid="choose-image"
              >
                {t('propositions.choose')}
              </Button>
            )}
          </ImageCard>
        ))}
      </SimpleGrid>
    );
  }

  let examplesBody;
  if (examples.isPending) examplesBody = <ScreenLoader label={t('examples.loading')} />;
  else if (examples.isError) examplesBody = loadError(t('examples.loadError'), examples, 'examples-error');
  else if (examples.data.length === 0) {
    examplesBody = (
      <Text size="sm" c="gray.7" ta="center" py="sm" data-testid="examples-empty">
        {t('examples.empty')}
      </Text>
    );
  } else {
    examplesBody = (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 6 }} spacing="md" data-testid="examples-grid">
        {examples.data.map((image, i) => (
          <ImageCard
            key={image.id}
            image={image}
            n={i + 1}
            section={t('examples.title')}
            alt={t('examples.alt', { n: i + 1 })}
            onEnlarge={() => setEnlarged({ image, n: i + 1, kind: 'example' })}
            onDelete={() => setToDelete({ image, n: i + 1, kind: 'example' })}
            testId="example"
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <Button component={Link} to={paths.page(page.site, page.id)} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} style={{ alignSelf: 'flex-start' }} data-testid="back-to-page">
        {t('backToPage')}
      </Button>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('subtitle')}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="propositions-title">
        <Group justify="space-between" gap="sm" mb="md">
          <Title order={2} size="h4" id="propositions-title">
            {t('propositions.title')}
          </Title>
          {/* on a phone a row of its own, its label wrapping rather than cut ('Générer de nouvelles images') */}
          <Button
            leftSection={<IconSparkles size={16} />}
            variant="light"
            onClick={goToGenerate}
            w={{ base: '100%', xs: 'auto' }}
            h="auto"
            mih={36}
            styles={{ label: { whiteSpace: 'normal', paddingBlock: 6 } }}
            data-testid="generate-new-images"
          >
            {t('propositions.generate')}
          </Button>
        </Group>
        {propositionsBody}
      </Paper>

      <GenerateImageForm
        ref={numberRef}
        pageId={page.id}
        pageName={page.name}
        examples={examples.data}
        examplesError={examples.isError}
        onQueued={() => undefined}
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="examples-title">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="examples-title">
              {t('examples.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('examples.subtitle')}
            </Text>
          </Stack>
          <ExampleUploader pageId={page.id} />
          {examplesBody}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
        <PageActionsList
          pageId={page.id}
          actionNames={['create_cover_image']}
          limit={5}
          title={t('actionsTitle')}
          invalidateOnSettled={[queryKeys.images.lists(page.id)]}
        />
      </Paper>

      <Modal
        opened={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged ? t('enlargedTitle', { n: enlarged.n }) : ''}
        size="xl"
        fullScreen={isMobile}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {enlarged && (
          <Image
            src={imageSrc(enlarged.image.image_url)}
            alt={enlarged.kind === 'proposition' ? t('propositions.alt', { n: enlarged.n }) : t('examples.alt', { n: enlarged.n })}
            fit="contain"
            mah="75vh"
            data-testid="enlarged-image"
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={t('close')}
        isPending={deleteImage.isPending}
        onConfirm={confirmDelete}
        onClose={() => !deleteImage.isPending && setToDelete(null)}
      >
        <Text size="sm">{t('delete.body')}</Text>
        {toDelete?.image.chosen && (
          <Text size="sm" c="gray.7">
            {t('delete.chosenNote')}
          </Text>
        )}
      </ConfirmDeleteModal>
    </>
  );
}

/** The images of a page (/sites/:siteId/pages/:pageId/images, docs/product-rules.md#screens "Images"). */
export function ImagesPage() {
  const { t } = useTranslation(NS);
  return (
    <PageSubScreen screenLabel={t('screen')} data-testid="images-screen">
      {(page) => <ImagesScreen page={page} />}
    </PageSubScreen>
  );
}
