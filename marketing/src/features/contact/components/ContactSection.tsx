import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Section } from '../../../components/Section';
import type { Voice } from '../../../content/types';
import { IconMail, IconMapPin, IconPhone } from '../../../components/icons';
import { PostalAddress } from '../../../components/PostalAddress';
import { getContact } from '../../../lib/contact';
import { useMarketingT } from '../../../lib/locale';
import { DeferredContactForm } from './DeferredContactForm';

/** The #contact section: details on the left, the form on the right; worded in the page's voice. */
export function ContactSection({ voice = 'team' }: { voice?: Voice }) {
  const { t } = useMarketingT();
  const contact = getContact();
  const rows = [
    { icon: <IconMail size={18} aria-hidden />, label: t('contact.emailLabel'), value: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor> },
    { icon: <IconPhone size={18} aria-hidden />, label: t('contact.phoneLabel'), value: <Anchor href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</Anchor> },
    { icon: <IconMapPin size={18} aria-hidden />, label: t('contact.addressLabel'), value: <address style={{ fontStyle: 'normal' }}><PostalAddress address={contact.address} /></address> },
  ];
  return (
    <Section id="contact" title={voice === 'solo' ? t('contact.solo.title') : t('contact.title')} subtitle={voice === 'solo' ? t('contact.solo.subtitle') : t('contact.subtitle')} tone="muted">
      <SimpleGrid cols={{ base: 1, md: 5 }} spacing="xl">
        <Stack gap="lg" style={{ gridColumn: 'span 2' }}>
          <Title order={3} fz="lg">{t('contact.detailsTitle')}</Title>
          {rows.map((row) => (
            <Group key={row.label} gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light">{row.icon}</ThemeIcon>
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{row.label}</Text>
                {row.value}
              </div>
            </Group>
          ))}
        </Stack>
        <Card withBorder radius="lg" padding="xl" style={{ gridColumn: 'span 3' }} className="cz-card">
          <DeferredContactForm contactEmail={contact.email} voice={voice} />
        </Card>
      </SimpleGrid>
    </Section>
  );
}
