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
import { TestimonialCarousel } from '../../components/TestimonialCarousel';
import { benefits, threeSteps } from '../../content/cards';
import { threeWayComparison } from '../../content/comparison';
import { home5Faq } from '../../content/faq';
import { heroes } from '../../content/pages';
import { premiumOffer } from '../../content/plans';
import { testimonials } from '../../content/testimonials';
import { ClaimButton } from '../../features/claim/components/ClaimButton';
import { ContactSection } from '../../features/contact/components/ContactSection';
import { useMarketingT } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

/** Home5 (/home-5): solo author, other persona; testimonials first, 3-way comparison, premium offer. */
export default function Home5Page() {
  const { t, locale } = useMarketingT();
  const offer = premiumOffer[locale];
  return (
    <LandingLayout>
      <Hero copy={heroes.home5[locale]} actions={<><ClaimButton /><AnchorButton href="#pricing">{t('common.seePricing')}</AnchorButton></>} />
      <Section id="testimonials" title={t('sections.testimonials.title')} subtitle={t('sections.testimonials.subtitle')} tone="muted">
        <TestimonialCarousel items={testimonials[locale]} />
      </Section>
      <Section id="how" title={t('sections.how.title')} subtitle={t('sections.how.subtitle')}>
        <IconCardGrid items={threeSteps[locale]} columns={3} />
      </Section>
      <Section id="features" title={t('sections.benefits.title')} subtitle={t('sections.benefits.subtitle')} tone="muted">
        <IconCardGrid items={benefits[locale]} columns={4} />
      </Section>
      <Section id="story">
        <StoryBlock title={t('sections.author.title')} paragraphs={t('sections.author.paragraphs', { returnObjects: true }) as string[]} initials={['CM']} />
      </Section>
      <Section id="comparison" title={t('sections.threeWay.title')} subtitle={t('sections.threeWay.subtitle')} tone="muted">
        <ComparisonTable rows={threeWayComparison[locale]} />
      </Section>
      <Section id="pricing" title={t('sections.pricing.title')} subtitle={t('sections.pricing.subtitle')}>
        <Box maw={480} mx="auto">
          <PlanCard plan={offer} action={<AuthButton fullWidth size="md">{offer.cta}</AuthButton>} />
          <Text ta="center" size="sm" c="dimmed" mt="md">{offer.bulk}</Text>
        </Box>
      </Section>
      <Section id="faq" title={t('sections.faq.title')} tone="muted">
        <FaqAccordion items={home5Faq[locale]} />
      </Section>
      <FinalCta title={t('sections.finalCta.title')} subtitle={t('sections.finalCta.subtitle')} actions={<AuthButton variant="white">{t('common.getStarted')}</AuthButton>} />
      <ContactSection />
    </LandingLayout>
  );
}
