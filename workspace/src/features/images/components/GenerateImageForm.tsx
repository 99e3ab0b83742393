import { forwardRef, useState, type CSSProperties, type FormEvent } from 'react';
import { Alert, AspectRatio, Button, Checkbox, Image, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from '../i18n';
import { imageSrc, useRequestImageGeneration, type ImageRow } from '../api/images';
import { IMAGES_MAX, IMAGES_MIN, parseImagesCount, toggleExample } from '../utils/images';

interface GenerateImageFormProps {
  pageId: number;
  pageName: string;
  examples: ImageRow[] | undefined;
  examplesError: boolean;
  onQueued: () => void;
}

/** 'Generate New Image' (docs/product-rules.md#validation): 1–10 images (1 when not numeric), comments, an optional initial photo. */
export const GenerateImageForm = forwardRef<HTMLInputElement, GenerateImageFormProps>(function GenerateImageForm(
  { pageId, pageName, examples, examplesError, onQueued },
  numberRef,
) {
  const { t } = useTranslation(NS);
  const [count, setCount] = useState<string | number>(1);
  const [comments, setComments] = useState('');
  const [useInitialPhoto, setUseInitialPhoto] = useState(false);
  const [exampleId, setExampleId] = useState<number | null>(null);
  const [pickError, setPickError] = useState(false);
  const generate = useRequestImageGeneration(pageId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (useInitialPhoto && exampleId === null) {
      setPickError(true);
      return;
    }
    const numberOfImages = parseImagesCount(count);
    setCount(numberOfImages);
    generate.mutate(
      { pageName, numberOfImages, comments, useInitialPhoto, exampleId },
      {
        onSuccess: () => {
          showToast({ id: 'images-generation-requested', color: 'teal', message: t('generate.success') });
          setComments('');
          onQueued();
        },
        onError: (error) => showToast({ color: 'red', title: t('errorTitle'), message: `${t('generate.error')} — ${dataErrorMessage(error, t)}` }),
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="generate-title"
      id="generate-form"
      // field descriptions at AA contrast
      style={{ '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as CSSProperties}
    >
      <form onSubmit={submit} noValidate data-testid="generate-form">
        <Stack gap="md">
          <Title order={2} size="h4" id="generate-title">
            {t('generate.title')}
          </Title>
          <NumberInput
            ref={numberRef}
            label={t('generate.numberOfImages')}
            description={t('generate.numberHint')}
            value={count}
            onChange={setCount}
            onBlur={() => setCount(parseImagesCount(count))}
            min={IMAGES_MIN}
            max={IMAGES_MAX}
            allowDecimal={false}
            allowNegative={false}
            maw={220}
            data-testid="number-of-images"
          />
          <Textarea
            label={t('generate.comments')}
            placeholder={t('generate.commentsPlaceholder')}
            value={comments}
            onChange={(event) => setComments(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={4000}
          />
          <Checkbox
            label={t('generate.useInitialPhoto')}
            description={t('generate.useInitialPhotoHint')}
            checked={useInitialPhoto}
            onChange={(event) => {
              setUseInitialPhoto(event.currentTarget.checked);
              setPickError(false);
            }}
            data-testid="use-initial-photo"
          />
          {/* the example image selection appears only when 'use initial photo' is ticked */}
          {useInitialPhoto && (
            <Stack gap={6} role="group" aria-labelledby="pick-example-label" data-testid="example-picker">
              <Text size="sm" fw={600} id="pick-example-label">
                {t('generate.pickExample')}
              </Text>
              <Text size="xs" c="gray.7">
                {t('generate.pickHint')}
              </Text>
              {examplesError ? (
                <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('errorTitle')} role="alert">
                  {t('generate.examplesError')}
                </Alert>
              ) : examples && examples.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {t('generate.noExamples')}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
                  {(examples ?? []).map((example, i) => {
                    const picked = exampleId === example.id;
                    return (
                      <UnstyledButton
                        key={example.id}
                        aria-pressed={picked}
                        aria-label={t('generate.pickOf', { n: i + 1 })}
                        onClick={() => {
                          setExampleId((current) => toggleExample(current, example.id));
                          setPickError(false);
                        }}
                        data-testid="pick-example"
                        data-image-id={example.id}
                        style={{
                          position: 'relative',
                          borderRadius: 8,
                          overflow: 'hidden',
                          outline: picked ? '3px solid var(--mantine-color-indigo-7)' : '1px solid var(--mantine-color-gray-4)',
                          outlineOffset: picked ? 0 : -1,
                        }}
                      >
                        <AspectRatio ratio={1}>
                          <Image src={imageSrc(example.image_url)} alt="" fit="cover" />
                        </AspectRatio>
                        {picked && (
                          <IconCheck
                            size={22}
                            aria-hidden
                            style={{ position: 'absolute', top: 4, right: 4, color: 'white', background: 'var(--mantine-color-indigo-7)', borderRadius: 11, padding: 2 }}
                          />
                        )}
                      </UnstyledButton>
                    );
                  })}
                </SimpleGrid>
              )}
              {pickError && (
                <Text size="sm" c="red.8" role="alert" data-testid="pick-required">
                  {t('generate.pickRequired')}
                </Text>
              )}
            </Stack>
          )}
          <Button type="submit" loading={generate.isPending} w={{ base: '100%', xs: 'auto' }} style={{ alignSelf: 'flex-start' }} data-testid="generate-submit">
            {t('generate.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
});
