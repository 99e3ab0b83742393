import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { ClaimForm } from '../../features/claim/components/ClaimForm';
import { useClaimSubmit } from '../../features/claim/hooks/useClaimSubmit';
import { useMarketingT } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

/** /first-article: 'First Article Setup' (Website URL, Email), same claim call as the dialog. */
export default function FirstArticlePage() {
  const { t } = useMarketingT();
  const { isLoading, handleSubmit } = useClaimSubmit({ showSuccessToast: false });
  return (
    <LandingLayout>
      <Container size={560} py={{ base: 48, md: 96 }}>
        <Card withBorder radius="lg" padding="xl" shadow="sm">
          <Stack gap="xs" mb="lg">
            <Title order={1} fz={{ base: 26, md: 32 }}>{t('firstArticle.title')}</Title>
            <Text c="dimmed">{t('firstArticle.subtitle')}</Text>
          </Stack>
          <ClaimForm onSubmit={handleSubmit} isLoading={isLoading} submitLabel={t('firstArticle.submit')} />
        </Card>
      </Container>
    </LandingLayout>
  );
}
