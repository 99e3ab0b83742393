import { SimpleGrid } from '@mantine/core';
import { AnchorButton, AuthButton } from '../../components/ActionButtons';
import { ComparisonTable } from '../../components/ComparisonTable';
import { FaqAccordion } from '../../components/FaqAccordion';
import { FinalCta } from '../../components/FinalCta';
import { Hero } from '../../components/Hero';
import { IconCardGrid } from '../../components/IconCardGrid';
import { LogoStrip } from '../../components/LogoStrip';
import { PLAN_ROW, PlanCard } from '../../components/PlanCard';
import { Section } from '../../components/Section';
import { DeferredTestimonialCarousel } from '../../components/DeferredTestimonialCarousel';
import { logos } from '../../content/cards';
import { ClaimButton } from '../../features/claim/components/ClaimButton';
import { ContactSection } from '../../features/contact/components/ContactSection';
import { useContent } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

/** Home3 (/home-3): brand voice, no-contract hero, logo strip, 4-step path, 8 features, carousel, FAQ in two categories. */
export default function Home3Page() {
  const { t, content } = useContent();
  return (
    <LandingLayout>
      <Hero copy={content.heroes.home3} actions={<><ClaimButton /><AnchorButton href="#pricing">{t('common.seePricing')}</AnchorButton></>} />
      <LogoStrip label={t('sections.logos')} names={logos} />
      <Section id="how" title={t('sections.how.title')} subtitle={t('sections.how.subtitle')} tone="muted">
        <IconCardGrid items={content.fourSteps} columns={4} numbered />
      </Section>
      <Section id="comparison" title={t('sections.comparison.title')} subtitle={t('sections.comparison.subtitle')} size="md">
        <ComparisonTable rows={content.diyComparison} />
      </Section>
      <Section id="features" title={t('sections.features.title')} subtitle={t('sections.features.subtitle')} tone="muted">
        <IconCardGrid items={content.eightFeatures} columns={4} />
      </Section>
      <Section id="testimonials" title={t('sections.testimonials.title')} subtitle={t('sections.testimonials.subtitle')}>
        <DeferredTestimonialCarousel items={content.testimonials} />
      </Section>
      <Section id="pricing" title={t('sections.pricing.title')} subtitle={t('sections.pricing.subtitle')} tone="muted">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" verticalSpacing={{ base: 'lg', md: 'md' }} className={PLAN_ROW}>
          {content.tierPlans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} action={<AuthButton fullWidth size="md" variant={plan.isPopular ? 'filled' : 'light'}>{plan.cta}</AuthButton>} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="faq" title={t('sections.faq.title')} subtitle={t('sections.faq.subtitle')}>
        <FaqAccordion items={content.home3Faq} />
      </Section>
      <FinalCta title={t('sections.finalCta.title')} subtitle={t('sections.pricing.subtitle')} actions={<><ClaimButton variant="white" /><AuthButton variant="outline" color="white">{t('common.getStarted')}</AuthButton></>} />
      <ContactSection />
    </LandingLayout>
  );
}
