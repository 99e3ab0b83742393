import { useState } from 'react';
import { Card, Center, Stack, Text, Title } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { Tabs } from '@citable/mantine-bundled';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAuthStore, useDocumentTitle } from '@citable/shared';
import { SiteFooter } from '../../../components/SiteFooter';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';
import { ResetRequestForm } from './ResetRequestForm';
import { MfaChallengeForm } from './MfaChallengeForm';
import '../../../lib/auth/texts';
import './AuthPage.css';

export type AuthMode = 'login' | 'signup' | 'reset';

function initialMode(state: unknown): AuthMode {
  const mode = (state as { mode?: unknown } | null)?.mode;
  return mode === 'signup' || mode === 'reset' ? mode : 'login';
}

/** /auth: a card with the 'Connexion' and 'Inscription' tabs, and the reset mode. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [mode, setMode] = useState<AuthMode>(() => initialMode(location.state));
  // the address just signed up with: the login tab starts with it
  const [loginEmail, setLoginEmail] = useState('');
  useDocumentTitle(t(`documentTitle.${mode}`));
  // signed in with the password, the second factor still due
  const mfaRequired = useAuthStore((s) => s.mfaRequired);

  return (
    <>
      <Center px="md" py={{ base: 'xl', sm: 64 }}>
        <Card className="cz-auth" withBorder shadow="sm" radius="lg" padding="xl" w="100%" maw={440}>
          <Stack gap={4} mb="lg" ta="center">
            <Title order={1} fz={{ base: 24, sm: 26 }}>
              {mfaRequired ? t('mfa.title') : mode === 'reset' ? t('reset.title') : t('card.title')}
            </Title>
            {mode !== 'reset' && !mfaRequired && (
              <Text c="dimmed" size="sm">
                {t('card.subtitle')}
              </Text>
            )}
          </Stack>
          {mfaRequired ? (
            <MfaChallengeForm />
          ) : mode === 'reset' ? (
            <ResetRequestForm onBack={() => setMode('login')} onSent={() => setMode('login')} />
          ) : (
            <Tabs value={mode} onChange={(value) => setMode(value === 'signup' ? 'signup' : 'login')} keepMounted={false}>
              <Tabs.List grow mb="lg">
                <Tabs.Tab value="login">{t('tabs.login')}</Tabs.Tab>
                <Tabs.Tab value="signup">{t('tabs.signup')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="login">
                <LoginForm onForgotPassword={() => setMode('reset')} initialEmail={loginEmail} />
              </Tabs.Panel>
              <Tabs.Panel value="signup">
                <SignupForm
                  onSignedUp={(email) => {
                    setLoginEmail(email);
                    setMode('login');
                  }}
                />
              </Tabs.Panel>
            </Tabs>
          )}
        </Card>
      </Center>
      <SiteFooter />
    </>
  );
}
