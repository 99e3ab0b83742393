import './page-sub-screen/i18n';
import type { ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isDataError } from '@citable/shared/data';
import { paths } from '../config/paths';
import { NS } from './page-sub-screen/i18n';
import { parseRouteId } from '../utils/routeId';
import { usePageContext, type PageContext } from './page-sub-screen/pageContext';
import { ScreenContainer } from './ScreenContainer';
import { ScreenLoader } from './ScreenLoader';
import { LoadErrorAlert } from './LoadErrorAlert';
import { WorkspaceBreadcrumbs } from './WorkspaceBreadcrumbs';

export type { PageContext } from './page-sub-screen/pageContext';

export interface PageSubScreenProps {
  /** the screen's name, last in the breadcrumb (e.g. 'Keywords') */
  screenLabel: string;
  'data-testid'?: string;
  children: (page: PageContext) => ReactNode;
}

function PageNotFound() {
  const { t } = useTranslation(NS);
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="sm" ta="center" data-testid="page-not-found">
        <Title order={1} size="h2">
          {t('notFound')}
        </Title>
        <Text c="gray.7">{t('notFoundText')}</Text>
        <Button component={Link} to={paths.sites()} variant="light">
          {t('backToSites')}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * The frame of a page's sub-screens (/sites/:siteId/pages/:pageId/…): loads the page (not found for a
 * bad id or another user's page), then Dashboard › My Sites › {site} › Pages › {page} › {screen} and the screen.
 */
export function PageSubScreen({ screenLabel, children, 'data-testid': testId }: PageSubScreenProps) {
  const { t } = useTranslation(NS);
  const params = useParams();
  const siteId = parseRouteId(params.siteId);
  const pageId = parseRouteId(params.pageId);
  const page = usePageContext(siteId, pageId);

  if (siteId === null || pageId === null) return <PageNotFound />;
  if (page.isPending) return <ScreenLoader label={t('loading')} />;
  if (page.isError) {
    if (isDataError(page.error) && page.error.kind === 'not_found') return <PageNotFound />;
    return (
      <ScreenContainer>
        <LoadErrorAlert title={t('loadError')} retryLabel={t('retry')} query={page} />
      </ScreenContainer>
    );
  }

  const data = page.data;
  return (
    <ScreenContainer data-testid={testId}>
      <WorkspaceBreadcrumbs site={{ id: data.site, name: data.sites?.name ?? String(data.site) }} page={{ id: data.id, name: data.name }} current={screenLabel} />
      {children(data)}
    </ScreenContainer>
  );
}
