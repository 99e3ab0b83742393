import { Alert, Anchor, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthStore, useDocumentTitle } from '@citable/shared';
import { UpdatePasswordForm } from '../../../components/UpdatePasswordForm';
import { FullPageLoader } from './FullPageLoader';
import { DEFAULT_SIGNED_IN_PATH } from '../utils/redirect';
import '../../../lib/auth/texts';

/** /auth/update-password, reached from the reset e-mail (recovery session in the URL fragment). */
export function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const loading = useAuthStore((s) => s.loading);
  const hasSession = useAuthStore((s) => Boolean(s.session?.user));
  useDocumentTitle(t('documentTitle.update'));

  if (loading) return <FullPageLoader />;

  return (
    <Center px="md" py={{ base: 'xl', sm: 64 }}>
      <Card withBorder shadow="sm" radius="lg" padding="xl" w="100%" maw={440}>
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1} fz={{ base: 24, sm: 26 }}>
            {t('update.title')}
          </Title>
          {hasSession && (
            <Text c="dimmed" size="sm">
              {t('update.description')}
            </Text>
          )}
        </Stack>
        {hasSession ? (
          <UpdatePasswordForm onUpdated={() => navigate(DEFAULT_SIGNED_IN_PATH, { replace: true })} />
        ) : (
          <Stack gap="md">
            <Alert color="orange" title={t('update.invalidLinkTitle')}>
              {t('update.invalidLink')}
            </Alert>
            <Center>
              <Anchor component={Link} to="/auth" state={{ mode: 'reset' }} size="sm">
                {t('actions.requestNewLink')}
              </Anchor>
            </Center>
          </Stack>
        )}
      </Card>
    </Center>
  );
}
