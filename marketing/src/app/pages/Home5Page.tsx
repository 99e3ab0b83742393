import { Box, Text } from '@mantine/core';
import { AnchorButton, AuthButton } from '../../components/ActionButtons';
import { ComparisonTable } from '../../components/ComparisonTable';
import { FaqAccordion } from '../../components/FaqAccordion';
import { FinalCta } from '../../components/FinalCta';
import { Hero } from '../../components/Hero';
import { IconCardGrid } from '../../components/IconCardGrid';
import { PlanCard } from '../../components/PlanCard';
import { Section } from '../../components/Section';
import { StoryBlock } from '../../components/StoryBlock';
import { DeferredTestimonialCarousel } from '../../components/DeferredTestimonialCarousel';
import { ClaimButton } from '../../features/claim/components/ClaimButton';
import { ContactSection } from '../../features/contact/components/ContactSection';
import { useContent } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

/** Home5 (/home-5): solo author, other persona; testimonials first, 3-way comparison, premium offer. */
export default function Home5Page() {
  const { t, content } = useContent();
  const offer = content.premiumOffer;
  return (
    <LandingLayout voice="solo">
      <Hero copy={content.heroes.home5} actions={<><ClaimButton voice="solo" /><AnchorButton href="#pricing">{t('common.seePricing')}</AnchorButton></>} />
      <Section id="testimonials" title={t('sections.solo.testimonialsTitle')} subtitle={t('sections.solo.testimonialsSubtitle')} tone="muted">
        <DeferredTestimonialCarousel items={content.testimonials} />
      </Section>
      <Section id="how" title={t('sections.how.title')} subtitle={t('sections.how.subtitle')}>
        <IconCardGrid items={content.soloThreeSteps} columns={3} />
      </Section>
      <Section id="features" title={t('sections.solo.benefitsTitle')} subtitle={t('sections.solo.benefitsSubtitle')} tone="muted">
        <IconCardGrid items={content.benefits} columns={4} />
      </Section>
      <Section id="story">
        <StoryBlock title={t('sections.author.title')} paragraphs={t('sections.author.paragraphs', { returnObjects: true }) as string[]} initials={['CM']} />
      </Section>
      <Section id="comparison" title={t('sections.threeWay.title')} subtitle={t('sections.threeWay.subtitle')} tone="muted">
        <ComparisonTable rows={content.threeWayComparison} />
      </Section>
      <Section id="pricing" title={t('sections.pricing.title')} subtitle={t('sections.pricing.subtitle')}>
        <Box maw={480} mx="auto">
          <PlanCard plan={offer} action={<AuthButton fullWidth size="md">{offer.cta}</AuthButton>} lone />
          <Text ta="center" size="sm" c="dimmed" mt="md">{offer.bulk}</Text>
        </Box>
      </Section>
      <Section id="faq" title={t('sections.faq.title')} tone="muted">
        <FaqAccordion items={content.home5Faq} />
      </Section>
      <FinalCta title={t('sections.finalCta.title')} subtitle={t('sections.solo.finalCtaSubtitle')} actions={<AuthButton variant="white">{t('common.getStarted')}</AuthButton>} />
      <ContactSection voice="solo" />
    </LandingLayout>
  );
}
