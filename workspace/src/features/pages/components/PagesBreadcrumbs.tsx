import { Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { WrappingBreadcrumbs } from '../../../components/WrappingBreadcrumbs';
import { paths } from '../../../config/paths';
import { NS } from '../i18n';

export interface PagesBreadcrumbsProps {
  siteId: number;
  /** null while unknown (loading, or not the user's site) */
  siteName: string | null;
  /** the page, on the page detail; absent on the list */
  pageName?: string;
  /** the list's query string to go back to (search, filter, sort, page), e.g. '?q=foo&page=2' */
  listSearch?: string;
}

/** Dashboard › My Sites › {site} › Pages [› {page}], the look of the site detail's breadcrumb. */
export function PagesBreadcrumbs({ siteId, siteName, pageName, listSearch = '' }: PagesBreadcrumbsProps) {
  const { t } = useTranslation(NS);
  const current = (label: string) => (
    <Text size="sm" c="gray.7" aria-current="page" style={{ overflowWrap: 'anywhere' }}>
      {label}
    </Text>
  );
  return (
    <Box component="nav" aria-label={t('detail.breadcrumb')}>
      <WrappingBreadcrumbs>
      <Anchor component={Link} to={paths.dashboard()} size="sm">
        {t('detail.dashboard')}
      </Anchor>
      <Anchor component={Link} to={paths.sites()} size="sm">
        {t('detail.mySites')}
      </Anchor>
      {siteName !== null && (
        <Anchor component={Link} to={paths.site(siteId)} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {siteName}
        </Anchor>
      )}
      {pageName === undefined ? (
        current(t('detail.pages'))
      ) : (
        <Anchor component={Link} to={`${paths.pages(siteId)}${listSearch}`} size="sm">
          {t('detail.pages')}
        </Anchor>
      )}
      {pageName !== undefined && current(pageName)}
      </WrappingBreadcrumbs>
    </Box>
  );
}
