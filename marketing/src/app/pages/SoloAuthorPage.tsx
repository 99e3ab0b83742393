import { Avatar, Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { AuthButton, MailtoButton } from '../../components/ActionButtons';
import { DiscoveryTimeline } from '../../components/DiscoveryTimeline';
import { FaqAccordion } from '../../components/FaqAccordion';
import { FinalCta } from '../../components/FinalCta';
import { Hero } from '../../components/Hero';
import { IconCardGrid } from '../../components/IconCardGrid';
import { PlanCard } from '../../components/PlanCard';
import { ReviewShots } from '../../components/ReviewShots';
import { Section } from '../../components/Section';
import { StatsBar } from '../../components/StatsBar';
import type { PricingVariant } from '../../content/plans';
import type { PricingPlan } from '../../content/types';
import { ClaimButton } from '../../features/claim/components/ClaimButton';
import { DiscoveryHeroAction, DiscoveryOfferAction } from '../../features/claim/components/DiscoveryOfferAction';
import { ContactSection } from '../../features/contact/components/ContactSection';
import { getContact } from '../../lib/contact';
import { useContent } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

export type SoloVariant = 'home4' | 'pricingGoogle' | 'pricingOpenai' | 'pricingAntropic' | 'discovery' | 'discoveryTimeline';

/** The author's card shown next to the personal-brand hero. */
function AuthorCard() {
  const { t, content } = useContent();
  return (
    <Card withBorder radius="xl" padding="xl" shadow="md" maw={440} mx="auto">
      <Stack align="center" gap="sm" ta="center">
        <Avatar size={112} radius={112} color="brand" variant="filled" fz={36} aria-hidden>CM</Avatar>
        <Title order={2} fz="xl">Camille Martin</Title>
        <Badge variant="light" size="lg">{t('sections.author.title')}</Badge>
        <Text size="sm" c="dimmed">{(t('sections.author.paragraphs', { returnObjects: true }) as string[])[0]}</Text>
        <Box w="100%" mt="sm"><StatsBar stats={content.stats.slice(1, 3)} /></Box>
      </Stack>
    </Card>
  );
}

/** The offer a non-discovery variant sells: Home4 and the Google variant the 195 EUR article, the others their pack. */
function pricingVariantOf(variant: SoloVariant): PricingVariant {
  if (variant === 'pricingOpenai') return 'openai';
  if (variant === 'pricingAntropic') return 'antropic';
  return 'google';
}

/** The variant selling a monthly pack (the OpenAI one), not one article: its pricing and guarantee say so. */
const isMonthlyPack = (variant: SoloVariant) => pricingVariantOf(variant) === 'openai';

function Offer({ variant }: { variant: SoloVariant }) {
  const { t, content } = useContent();
  if (variant === 'discovery' || variant === 'discoveryTimeline') {
    const offer = content.discoveryOffer;
    // paid by card when the server takes payments (issue 34), else the free claim
    const action = <DiscoveryOfferAction />;
    if (variant === 'discoveryTimeline') {
      return (
        <Card withBorder radius="lg" padding="xl" className="cz-plan cz-plan--popular" maw={720} mx="auto" data-plan={offer.name}>
          <Stack gap="lg">
            {/* the page's only offer: no "most popular" badge */}
            <div>
              <Title order={3} fz="xl">{offer.name}</Title>
              <Group gap={6} align="baseline"><Text fz={44} fw={800} lh={1.1}>{offer.price}</Text><Text c="dimmed" size="sm">{offer.priceSuffix}</Text></Group>
            </div>
            <Text c="dimmed">{offer.description}</Text>
            <DiscoveryTimeline steps={offer.timeline} />
            {action}
            <Text size="xs" c="dimmed" ta="center">{offer.note}</Text>
          </Stack>
        </Card>
      );
    }
    return <Box maw={480} mx="auto"><PlanCard plan={offer} action={action} footnote={offer.note} lone /></Box>;
  }
  const plan: PricingPlan = content.pricingVariantOffers[pricingVariantOf(variant)];
  return (
    <Box maw={480} mx="auto">
      <PlanCard plan={plan} action={<AuthButton fullWidth size="md">{plan.cta}</AuthButton>} footnote={isMonthlyPack(variant) ? t('common.guaranteePerArticle') : t('common.guarantee')} lone />
    </Box>
  );
}

/**
 * Home4 family (solo-author voice): Home4, the three pricing variants and the two 1 EUR discovery variants.
 * Hero, hybrid process, benefits, two review screenshots, offer card, FAQ, e-mail call to action.
 * One author speaks, in the first person singular: shared sections take their `solo` wording (voice="solo").
 */
export function SoloAuthorPage({ variant }: { variant: SoloVariant }) {
  const { t, content } = useContent();
  const contact = getContact();
  const isDiscovery = variant === 'discovery' || variant === 'discoveryTimeline';
  const isPersonalBrand = variant !== 'home4' && !isDiscovery;
  return (
    <LandingLayout voice="solo">
      <Hero
        copy={content.heroes[variant]}
        aside={isPersonalBrand || variant === 'home4' ? <AuthorCard /> : undefined}
        actions={isDiscovery
          ? <><DiscoveryHeroAction cta={content.discoveryOffer.cta} /><MailtoButton email={contact.email}>{t('common.reachOut')}</MailtoButton></>
          : <><ClaimButton voice="solo" /><MailtoButton email={contact.email}>{t('common.reachOut')}</MailtoButton></>}
      />
      <Section id="how" title={t('sections.solo.benefitsSubtitle')} subtitle={t('sections.solo.howSubtitle')} tone="muted">
        <IconCardGrid items={content.hybridSteps} columns={3} />
      </Section>
      <Section id="features" title={t('sections.solo.benefitsTitle')}>
        <IconCardGrid items={content.benefits} columns={4} />
      </Section>
      <Section id="testimonials" title={t('sections.reviews.title')} subtitle={t('sections.solo.reviewsSubtitle')} tone="muted">
        <ReviewShots items={content.reviewShots.slice(0, 2)} />
      </Section>
      <Section id="pricing" title={isMonthlyPack(variant) ? t('sections.solo.packPricingTitle') : t('sections.pricing.title')} subtitle={t('sections.solo.pricingSubtitle')}>
        <Offer variant={variant} />
      </Section>
      <Section id="faq" title={t('sections.faq.title')} tone="muted">
        <FaqAccordion items={isDiscovery ? content.discoveryFaq : content.pricingVariantFaqs[pricingVariantOf(variant)]} />
      </Section>
      <FinalCta
        id="email"
        title={t('sections.emailCta.title')}
        subtitle={t('sections.emailCta.subtitle')}
        actions={<><MailtoButton email={contact.email} variant="white">{t('common.reachOut')}</MailtoButton><AuthButton variant="outline" color="white">{t('common.bookCall')}</AuthButton></>}
      />
      <ContactSection voice="solo" />
    </LandingLayout>
  );
}

export function Home4Page() { return <SoloAuthorPage variant="home4" />; }
export function PricingGooglePage() { return <SoloAuthorPage variant="pricingGoogle" />; }
export function PricingOpenaiPage() { return <SoloAuthorPage variant="pricingOpenai" />; }
export function PricingAntropicPage() { return <SoloAuthorPage variant="pricingAntropic" />; }
export function DiscoveryPage() { return <SoloAuthorPage variant="discovery" />; }
export function DiscoveryTimelinePage() { return <SoloAuthorPage variant="discoveryTimeline" />; }
