import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { COMPANY, copyrightYears } from '../config/contact';
import { getContact } from '../lib/contact';
import type { Voice } from '../content/types';
import { useMarketingT } from '../lib/locale';
import { IconMail, IconMapPin, IconPhone } from './icons';
import { PostalAddress } from './PostalAddress';

/**
 * A link with no destination yet: shown as text under a "coming soon" tag (deliberately inactive, not
 * broken), announced as disabled, not focusable or clickable.
 */
function DeadLink({ children }: { children: string }) {
  const { t } = useMarketingT();
  return (
    <Text component="span" role="link" aria-disabled="true" size="sm" c="dimmed" className="cz-dead-link" title={t('footer.soon')}>
      {children}
    </Text>
  );
}

/** The footer; on a page signed by one author (voice="solo"), its tagline speaks as that author. */
export function Footer({ voice = 'team' }: { voice?: Voice }) {
  const { t } = useMarketingT();
  const contact = getContact();
  return (
    <Box component="footer" className="cz-footer">
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={40}>
          <Stack gap="sm">
            <Text fw={800} fz="xl" c="brand.8">{COMPANY.name}</Text>
            <Text size="sm" c="dimmed" maw={320}>{voice === 'solo' ? t('footer.soloTagline') : t('footer.tagline')}</Text>
          </Stack>
          <Stack gap="sm" component="address" style={{ fontStyle: 'normal' }}>
            <Text fw={700}>{t('footer.contactTitle')}</Text>
            <Group gap={8} wrap="nowrap"><IconMail size={16} aria-hidden /><Anchor size="sm" href={`mailto:${contact.email}`}>{contact.email}</Anchor></Group>
            <Group gap={8} wrap="nowrap"><IconPhone size={16} aria-hidden /><Anchor size="sm" href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</Anchor></Group>
            <Group gap={8} wrap="nowrap" align="flex-start"><IconMapPin size={16} aria-hidden style={{ marginTop: 3 }} /><PostalAddress size="sm" address={contact.address} /></Group>
          </Stack>
          <Stack gap="sm">
            <Text fw={700}>
              {t('footer.linksTitle')}
              <span className="cz-soon-tag">{t('footer.soon')}</span>
            </Text>
            <DeadLink>{t('footer.privacy')}</DeadLink>
            <DeadLink>{t('footer.terms')}</DeadLink>
            <DeadLink>{t('footer.about')}</DeadLink>
            <DeadLink>{t('footer.contact')}</DeadLink>
          </Stack>
        </SimpleGrid>
        <Divider my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" data-testid="footer-copyright">{t('footer.copyright', { years: copyrightYears(), company: COMPANY.legalName })}</Text>
          <Text size="xs" c="dimmed">{t('footer.location')}</Text>
        </Group>
      </Container>
    </Box>
  );
}
