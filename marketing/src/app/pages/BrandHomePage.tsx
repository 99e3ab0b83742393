import { SimpleGrid, Title } from '@mantine/core';
import { AnchorButton, AuthButton } from '../../components/ActionButtons';
import { ComparisonTable } from '../../components/ComparisonTable';
import { CustomersTable } from '../../components/CustomersTable';
import { FaqAccordion } from '../../components/FaqAccordion';
import { FinalCta } from '../../components/FinalCta';
import { Hero } from '../../components/Hero';
import { IconCardGrid } from '../../components/IconCardGrid';
import { LogoStrip } from '../../components/LogoStrip';
import { PLAN_ROW, PlanCard } from '../../components/PlanCard';
import { Section } from '../../components/Section';
import { TestimonialGrid } from '../../components/TestimonialGrid';
import { logos } from '../../content/cards';
import { ClaimButton } from '../../features/claim/components/ClaimButton';
import { ContactSection } from '../../features/contact/components/ContactSection';
import { useContent } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

/** Home (/home-1) and Home2 (/home-2): brand-voice landing pages with the same sections and different copy. */
function BrandHome({ variant }: { variant: 'home1' | 'home2' }) {
  const { t, content } = useContent();
  const isHome2 = variant === 'home2';
  const copy = isHome2 ? content.home2Sections : null;
  const section = (key: 'how' | 'comparison' | 'features' | 'testimonials' | 'pricing' | 'faq', fallback: { title: string; subtitle?: string }) => copy?.[key] ?? fallback;
  const how = section('how', { title: t('sections.how.title'), subtitle: t('sections.how.subtitle') });
  const comparison = section('comparison', { title: t('sections.comparison.title'), subtitle: t('sections.comparison.subtitle') });
  const features = section('features', { title: t('sections.features.title'), subtitle: t('sections.features.subtitle') });
  const reviews = section('testimonials', { title: t('sections.testimonials.title'), subtitle: t('sections.testimonials.subtitle') });
  const pricing = section('pricing', { title: t('sections.pricing.title'), subtitle: t('sections.pricing.subtitle') });
  const faq = section('faq', { title: t('sections.faq.title'), subtitle: t('sections.faq.subtitle') });
  const plans = content.tierPlans;
  return (
    <LandingLayout>
      <Hero
        copy={content.heroes[variant]}
        actions={<><ClaimButton /><AnchorButton href="#pricing">{t('common.seePricing')}</AnchorButton></>}
        note={t('common.noCatch')}
      />
      <Section id="how" title={how.title} subtitle={how.subtitle}>
        <IconCardGrid items={content.threeSteps} columns={3} />
      </Section>
      <Section id="comparison" title={comparison.title} subtitle={comparison.subtitle} tone="muted" size="md">
        <ComparisonTable rows={content.diyComparison} />
      </Section>
      <Section id="features" title={features.title} subtitle={features.subtitle}>
        <IconCardGrid items={content.sixFeatures} columns={3} />
      </Section>
      <LogoStrip label={t('sections.logos')} names={logos} />
      <Section id="testimonials" title={reviews.title} subtitle={reviews.subtitle} tone="muted">
        <TestimonialGrid items={content.testimonials.slice(0, 3)} />
        {!isHome2 && (
          <>
            <Title order={3} ta="center" fz={{ base: 22, md: 26 }} mt={64} mb="lg">{t('sections.customers.title')}</Title>
            <CustomersTable customers={content.customers} />
          </>
        )}
      </Section>
      <Section id="pricing" title={pricing.title} subtitle={pricing.subtitle}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" verticalSpacing={{ base: 'lg', md: 'md' }} className={PLAN_ROW}>
          {plans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} action={<AuthButton fullWidth size="md" variant={plan.isPopular ? 'filled' : 'light'}>{plan.cta}</AuthButton>} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="faq" title={faq.title} subtitle={faq.subtitle} tone="muted">
        <FaqAccordion items={(isHome2 ? content.home2Faq : content.homeFaq)} />
      </Section>
      {isHome2 ? (
        <FinalCta
          title={content.home2Sections.finalCta.title}
          subtitle={content.home2Sections.finalCta.subtitle}
          actions={<AnchorButton href="#pricing" variant="white">{t('common.startNow')}</AnchorButton>}
        />
      ) : (
        <FinalCta
          title={t('sections.finalCta.title')}
          subtitle={t('sections.finalCta.subtitle')}
          steps={content.finalCtaSteps}
          actions={<ClaimButton variant="white" />}
        />
      )}
      <ContactSection />
    </LandingLayout>
  );
}

export function Home1Page() { return <BrandHome variant="home1" />; }
export function Home2Page() { return <BrandHome variant="home2" />; }
