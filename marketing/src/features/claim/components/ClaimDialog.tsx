import { Box, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title, Avatar } from '@mantine/core';
// bundled with this lazy chunk, not served by the federated facade (scripts/webpack/vendor/README.md)
import { Modal } from '@citable/mantine-bundled';
import { IconCheck, IconQuote, IconStarFilled } from '../../../components/icons';
import type { Voice } from '../../../content/types';
import { initialsOf } from '../../../lib/initials';
import { useMarketingT } from '../../../lib/locale';
import { useClaimSubmit, type ClaimSubmitter } from '../hooks/useClaimSubmit';
import { ClaimForm } from './ClaimForm';

export interface ClaimDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Once the dialog has closed (its exit transition is over): where the focus goes back. */
  onClosed?: () => void;
  submit?: ClaimSubmitter;
  /** the voice of the page that opened it: the solo author's pages say "I" in the pitch and the form */
  voice?: Voice;
}

/** The testimonial "image" of the pitch: a drawn review card (no external image host). */
function PitchTestimonial() {
  const { t } = useMarketingT();
  return (
    <Card radius="md" padding="md" withBorder className="cz-pitch-testimonial" role="img" aria-label={`${t('claim.testimonialQuote')} ${t('claim.testimonialName')}`}>
      <Group gap={2} mb={6} aria-hidden>{Array.from({ length: 5 }, (_, i) => <IconStarFilled key={i} size={14} color="#f5b400" />)}</Group>
      <Group gap="sm" wrap="nowrap" align="flex-start" aria-hidden>
        <IconQuote size={20} color="var(--mantine-color-brand-4)" style={{ flexShrink: 0 }} />
        <Text size="sm" fs="italic">{t('claim.testimonialQuote')}</Text>
      </Group>
      <Group gap="xs" mt="sm" aria-hidden>
        <Avatar size="sm" radius="xl" color="brand" data-testid="testimonial-initials">{initialsOf(t('claim.testimonialName'))}</Avatar>
        <Text size="xs" fw={700}>{t('claim.testimonialName')}</Text>
      </Group>
    </Card>
  );
}

/**
 * Free-article dialog (docs/public-site.md#screens): pitch on the left, 'Website Information' form on the right, ≤ 90vh.
 * One heading (the dialog's title). On a phone the form comes first, the pitch below it; on a desktop the
 * review card sits under the form so the two columns end together.
 */
export function ClaimDialog({ opened, onClose, onClosed, submit, voice = 'team' }: ClaimDialogProps) {
  const { t } = useMarketingT();
  const isSolo = voice === 'solo';
  const { isLoading, handleSubmit } = useClaimSubmit({ submit, onSuccess: onClose });
  const check = <ThemeIcon size={20} radius="xl" color="teal" variant="light"><IconCheck size={13} aria-hidden /></ThemeIcon>;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      returnFocus={false}
      onExitTransitionEnd={onClosed}
      size={960}
      radius="lg"
      padding={0}
      centered
      withCloseButton
      closeButtonProps={{ 'aria-label': t('claim.close') }}
      title={t('claim.pitchTitle')}
      classNames={{ content: 'cz-claim' }}
      styles={{
        title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700, lineHeight: 1.25 },
        content: { maxHeight: '90vh', display: 'flex', flexDirection: 'column' },
        // a title of three lines on a phone: the header keeps its height in the dialog's column (it shrank and
        // cut the title's first line); its padding lines up with the columns below (marketing.css)
        header: { flexShrink: 0 },
        body: { overflowY: 'auto', flex: 1 },
      }}
      data-testid="claim-dialog"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
        <Box p={{ base: 'lg', md: 32 }} className="cz-pitch cz-claim-pitch">
          <Stack gap="md">
            <Text size="sm" c="dimmed">{isSolo ? t('claim.solo.pitchLead') : t('claim.pitchLead')}</Text>
            <Title order={3} fz="md">{t('claim.notAiTitle')}</Title>
            <Text size="sm">{isSolo ? t('claim.solo.notAiText') : t('claim.notAiText')}</Text>
            <Title order={3} fz="md">{t('claim.catchTitle')}</Title>
            <List size="sm" spacing={6} icon={check} center>
              <List.Item>{t('claim.catchText')}</List.Item>
            </List>
          </Stack>
        </Box>
        <Box p={{ base: 'lg', md: 32 }}>
          <Stack gap="xs" mb="lg">
            <Title order={3} fz="xl">{t('claim.formTitle')}</Title>
            <Text size="sm" c="dimmed">{isSolo ? t('claim.solo.formSubtitle') : t('claim.formSubtitle')}</Text>
          </Stack>
          <ClaimForm onSubmit={handleSubmit} isLoading={isLoading} emailHint={isSolo ? t('claim.solo.emailHint') : undefined} />
          <Box mt="xl">
            <PitchTestimonial />
          </Box>
        </Box>
      </SimpleGrid>
    </Modal>
  );
}
