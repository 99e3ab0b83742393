import { Anchor, Button, Center, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconRocket, IconTool } from '../../components/icons';
import { getContact } from '../../lib/contact';
import { useMarketingT } from '../../lib/locale';

function StatusScreen({ icon, title, text, contactLine, action }: { icon: ReactNode; title: string; text: string; contactLine: ReactNode; action?: ReactNode }) {
  return (
    <div className="cz-marketing">
      <Center mih="calc(100dvh - 64px)" className="cz-hero">
        <Container size={620} py={64}>
          <Stack align="center" ta="center" gap="lg">
            <ThemeIcon size={88} radius={88} variant="light">{icon}</ThemeIcon>
            <Title order={1} fz={{ base: 30, md: 42 }}>{title}</Title>
            <Text fz="lg" c="dimmed">{text}</Text>
            <Text size="sm">{contactLine}</Text>
            {action}
          </Stack>
        </Container>
      </Center>
    </div>
  );
}

/** /maintenance: a real maintenance page. */
export function MaintenancePage() {
  const { t } = useMarketingT();
  const { email } = getContact();
  return (
    <StatusScreen
      icon={<IconTool size={44} aria-hidden />}
      title={t('maintenance.title')}
      text={t('maintenance.text')}
      contactLine={<>{t('maintenance.contact')} <Anchor href={`mailto:${email}`}>{email}</Anchor></>}
      action={<Button variant="light" onClick={() => window.location.reload()}>{t('maintenance.back')}</Button>}
    />
  );
}

/** /coming-soon: 'Site en cours de développement' placeholder. */
export function ComingSoonPage() {
  const { t } = useMarketingT();
  const { email } = getContact();
  return (
    <StatusScreen
      icon={<IconRocket size={44} aria-hidden />}
      title={t('comingSoon.title')}
      text={t('comingSoon.text')}
      contactLine={<>{t('comingSoon.contact')} <Anchor href={`mailto:${email}`}>{email}</Anchor></>}
    />
  );
}
