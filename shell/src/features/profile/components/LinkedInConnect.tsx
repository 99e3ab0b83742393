import { useEffect, useId, useState } from 'react';
import { Alert, Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrandLinkedin, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '@citable/shared';
import '../texts';

type ScriptState = 'loading' | 'ready' | 'error';

function configuredScriptUrl(): string | null {
  try {
    return getRuntimeConfig().linkedinScriptUrl;
  } catch {
    return null;
  }
}

/** URL of the helper script with the user's id (query parameter `user_id`). */
export function linkedinScriptSrc(base: string, userId: string): string {
  const url = new URL(base, window.location.href);
  url.searchParams.set('user_id', userId);
  return url.toString();
}

/**
 * Loads the external LinkedIn OAuth helper with the user's id: a script tag with
 * `data-user-id` and `data-container` (the id of the element it renders into).
 */
export function LinkedInConnect({ userId, scriptUrl = configuredScriptUrl() }: { userId: string; scriptUrl?: string | null }) {
  const { t, i18n } = useTranslation('shell');
  const containerId = `linkedin-connect-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [attempt, setAttempt] = useState(0);
  const lang = i18n.resolvedLanguage ?? 'fr';
  // the outcome belongs to one load (url, user, language, attempt); a new load starts as 'loading'
  const loadKey = `${scriptUrl}|${userId}|${lang}|${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; state: ScriptState } | null>(null);
  const state: ScriptState = outcome?.key === loadKey ? outcome.state : 'loading';

  useEffect(() => {
    if (!scriptUrl) return undefined;
    const script = document.createElement('script');
    script.src = linkedinScriptSrc(scriptUrl, userId);
    script.async = true;
    script.dataset.userId = userId;
    script.dataset.container = containerId;
    script.dataset.lang = lang;
    script.dataset.testid = 'linkedin-script';
    script.onload = () => setOutcome({ key: loadKey, state: 'ready' });
    script.onerror = () => setOutcome({ key: loadKey, state: 'error' });
    document.body.appendChild(script);
    return () => {
      script.onload = null;
      script.onerror = null;
      script.remove();
    };
  }, [scriptUrl, userId, containerId, lang, loadKey]);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="linkedin-block">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrandLinkedin size={22} color="#0A66C2" aria-hidden />
          <Title order={2} fz="lg">
            {t('profile.linkedin.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('profile.linkedin.description')}
        </Text>
        {!scriptUrl ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title={t('profile.linkedin.notConfigured')}>
            {t('profile.linkedin.notConfiguredHint')}
          </Alert>
        ) : (
          <>
            {state === 'loading' && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {t('profile.linkedin.loading')}
                </Text>
              </Group>
            )}
            {state === 'error' && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('profile.linkedin.error')}</Text>
                  <Button size="xs" variant="light" color="red" onClick={() => setAttempt((a) => a + 1)}>
                    {t('profile.linkedin.retry')}
                  </Button>
                </Stack>
              </Alert>
            )}
            <Box id={containerId} data-testid="linkedin-container" data-state={state} />
          </>
        )}
      </Stack>
    </Card>
  );
}
