import { SimpleGrid } from '@mantine/core';
import { AnchorButton, AuthButton } from '../../components/ActionButtons';
import { ComparisonTable } from '../../components/ComparisonTable';
import { FaqAccordion } from '../../components/FaqAccordion';
import { FinalCta } from '../../components/FinalCta';
import { Hero } from '../../components/Hero';
import { IconCardGrid } from '../../components/IconCardGrid';
import { LogoStrip } from '../../components/LogoStrip';
import { PlanCard } from '../../components/PlanCard';
import { Section } from '../../components/Section';
import { TestimonialCarousel } from '../../components/TestimonialCarousel';
import { eightFeatures, fourSteps, logos } from '../../content/cards';
import { diyComparison } from '../../content/comparison';
import { home3Faq } from '../../content/faq';
import { heroes } from '../../content/pages';
import { tierPlans } from '../../content/plans';
import { testimonials } from '../../content/testimonials';
import { ClaimButton } from '../../features/claim/components/ClaimButton';
import { ContactSection } from '../../features/contact/components/ContactSection';
import { useMarketingT } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

/** Home3 (/home-3): brand voice, no-contract hero, logo strip, 4-step path, 8 features, carousel, FAQ in two categories. */
export default function Home3Page() {
  const { t, locale } = useMarketingT();
  return (
    <LandingLayout>
      <Hero copy={heroes.home3[locale]} actions={<><ClaimButton /><AnchorButton href="#pricing">{t('common.seePricing')}</AnchorButton></>} />
      <LogoStrip label={t('sections.logos')} names={logos} />
      <Section id="how" title={t('sections.how.title')} subtitle={t('sections.how.subtitle')} tone="muted">
        <IconCardGrid items={fourSteps[locale]} columns={4} numbered />
      </Section>
      <Section id="comparison" title={t('sections.comparison.title')} subtitle={t('sections.comparison.subtitle')} size="md">
        <ComparisonTable rows={diyComparison[locale]} />
      </Section>
      <Section id="features" title={t('sections.features.title')} subtitle={t('sections.features.subtitle')} tone="muted">
        <IconCardGrid items={eightFeatures[locale]} columns={4} />
      </Section>
      <Section id="testimonials" title={t('sections.testimonials.title')} subtitle={t('sections.testimonials.subtitle')}>
        <TestimonialCarousel items={testimonials[locale]} />
      </Section>
      <Section id="pricing" title={t('sections.pricing.title')} subtitle={t('sections.pricing.subtitle')} tone="muted">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {tierPlans[locale].map((plan) => (
            <PlanCard key={plan.name} plan={plan} action={<AuthButton fullWidth size="md" variant={plan.isPopular ? 'filled' : 'light'}>{plan.cta}</AuthButton>} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="faq" title={t('sections.faq.title')} subtitle={t('sections.faq.subtitle')}>
        <FaqAccordion items={home3Faq[locale]} />
      </Section>
      <FinalCta title={t('sections.finalCta.title')} subtitle={t('sections.pricing.subtitle')} actions={<><ClaimButton variant="white" /><AuthButton variant="outline" color="white">{t('common.getStarted')}</AuthButton></>} />
      <ContactSection />
    </LandingLayout>
  );
}
