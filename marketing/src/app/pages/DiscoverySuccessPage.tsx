import { Button, Card, Container, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconCircleCheck } from '../../components/icons';
import { paths } from '../../config/paths';
import { useMarketingT } from '../../lib/locale';
import { LandingLayout } from '../LandingLayout';

/**
 * /discovery-success: where Stripe's hosted page sends the client after the discovery offer's payment
 * (issue 34): what happens next (24–48 hours) and that the receipt comes from Stripe.
 */
export default function DiscoverySuccessPage() {
  const { t } = useMarketingT();
  const steps = t('discoverySuccess.steps', { returnObjects: true }) as string[];
  return (
    <LandingLayout voice="solo">
      <Container size={640} py={{ base: 48, md: 96 }}>
        <Card withBorder radius="lg" padding="xl" shadow="sm" data-testid="discovery-success">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={72} radius={72} color="teal" variant="light"><IconCircleCheck size={40} aria-hidden /></ThemeIcon>
            <Title order={1} fz={{ base: 28, md: 36 }}>{t('discoverySuccess.title')}</Title>
            <Text c="dimmed" fz="lg">{t('discoverySuccess.lead')}</Text>
            <List type="ordered" spacing="sm" ta="left" w="100%" maw={460} mx="auto">
              {steps.map((step) => <List.Item key={step}>{step}</List.Item>)}
            </List>
            <Button component={Link} to={paths.home} size="md" mt="md">{t('discoverySuccess.returnHome')}</Button>
          </Stack>
        </Card>
      </Container>
    </LandingLayout>
  );
}
