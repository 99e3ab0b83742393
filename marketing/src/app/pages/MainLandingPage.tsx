import { Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AnchorButton } from '../../components/ActionButtons';
import { AiVsHumanDiagram } from '../../components/AiVsHumanDiagram';
import { FaqAccordion } from '../../components/FaqAccordion';
import { Hero } from '../../components/Hero';
import { IconCheck } from '../../components/icons';
import { ReviewShots } from '../../components/ReviewShots';
import { Section } from '../../components/Section';
import { StatsBar } from '../../components/StatsBar';
import { StoryBlock } from '../../components/StoryBlock';
import { mainPlans } from '../../content/plans';
import { ClaimButton } from '../../features/claim/components/ClaimButton';
import { ContactSection } from '../../features/contact/components/ContactSection';
import { DemoArticles } from '../../features/demo-articles/components/DemoArticles';
import { useContent } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

function MainPricing() {
  const { t, content } = useContent();
  const features = content.mainPlanFeatures;
  return (
    <Section id="pricing" title={t('sections.mainPricing.title')} subtitle={t('sections.mainPricing.subtitle')} tone="muted">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {mainPlans.map((plan) => (
          <Card key={plan.name} withBorder radius="lg" padding="xl" className={plan.isPopular ? 'cz-plan cz-plan--popular' : 'cz-plan'} data-plan={plan.name}>
            <Stack gap="md" h="100%">
              <Group justify="space-between">
                <Title order={3} fz="lg" style={{ letterSpacing: '0.08em' }}>{plan.name}</Title>
                {plan.isPopular && <Badge radius="sm">{t('common.mostPopular')}</Badge>}
              </Group>
              <Group gap={6} align="baseline">
                <Text fz={44} fw={800} lh={1}>{t('sections.mainPricing.price', { amount: plan.pricePerArticle })}</Text>
                <Text c="dimmed" size="sm">{t('sections.mainPricing.perArticle')}</Text>
              </Group>
              <Text fw={600} c="brand.7">{t('sections.mainPricing.articlesPerMonth', { count: plan.articlesPerMonth })}</Text>
              <List spacing={8} size="sm" center style={{ flexGrow: 1 }} icon={<ThemeIcon size={20} radius="xl" color="teal" variant="light"><IconCheck size={13} aria-hidden /></ThemeIcon>}>
                {features.map((feature) => <List.Item key={feature}>{feature}</List.Item>)}
              </List>
              <ClaimButton fullWidth size="md" variant={plan.isPopular ? 'filled' : 'light'} label={t('common.claimFreeShort')} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text ta="center" c="dimmed" mt="xl" size="sm">{t('common.noCatch')}</Text>
    </Section>
  );
}

/** Main landing page (/ and /home-4-pricing-google-2-why-ai). */
export default function MainLandingPage() {
  const { t, content } = useContent();
  const founders = t('sections.founders.paragraphs', { returnObjects: true }) as string[];
  return (
    <LandingLayout>
      <Hero
        copy={content.heroes.main}
        actions={<><ClaimButton /><AnchorButton href="#how">{t('common.howItWorks')}</AnchorButton></>}
        note={t('common.noCatch')}
      />
      <Section isCompact><StatsBar stats={content.stats} /></Section>
      <Section id="how" title={t('sections.aiVsHuman.title')} subtitle={t('sections.aiVsHuman.subtitle')} tone="muted">
        <AiVsHumanDiagram />
      </Section>
      <Section id="testimonials" title={t('sections.reviews.title')} subtitle={t('sections.reviews.subtitle')}>
        <ReviewShots items={content.reviewShots} />
      </Section>
      <MainPricing />
      <Section id="story">
        <StoryBlock title={t('sections.founders.title')} paragraphs={founders} signature={t('sections.founders.signature')} initials={['AL', 'MR']} />
      </Section>
      <DemoArticles />
      <Section id="faq" title={t("sections.faq.title")} subtitle={t("sections.faq.subtitle")}>
        <FaqAccordion items={content.mainFaq} />
      </Section>
      <ContactSection />
    </LandingLayout>
  );
}
