import './page-sub-screen/i18n';
import { Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { NS } from './page-sub-screen/i18n';
import { ELLIPSIS, OverflowText } from './OverflowText';
import { WrappingBreadcrumbs } from './WrappingBreadcrumbs';

export interface WorkspaceBreadcrumbsProps {
  /** the site: its name is a link to the site (left out while the name is unknown) */
  site?: { id: number; name: string | null };
  /** the page: "Pages" and the page's name follow the site */
  page?: { id: number; name: string };
  /** on the page list itself: "Pages" is the current screen */
  pages?: boolean;
  /** the list's query string "Pages" leads back to (search, filter, sort, page), e.g. '?q=pain&page=2' */
  pagesSearch?: string;
  /** the screen's own name, last (a page's sub-screen: "Mots-clés", "Versions"…) */
  current?: string;
}

/** A site's or a page's name in the trail: one line, cut with an ellipsis, whole on hover and focus. */
const NAME_WIDTH = 'min(24rem, 60vw)';

/**
 * The one breadcrumb of the workspace's screens: Tableau de bord / Mes sites / {site} / Pages / {page} / {screen},
 * as deep as the screen is; the last item is the current one (aria-current), the others are links.
 */
export function WorkspaceBreadcrumbs({ site, page, pages = false, pagesSearch = '', current }: WorkspaceBreadcrumbsProps) {
  const { t } = useTranslation(NS);
  const items: { key: string; label: string; to?: string; isName?: boolean }[] = [
    { key: 'dashboard', label: t('dashboard'), to: paths.dashboard() },
    { key: 'sites', label: t('mySites'), to: paths.sites() },
  ];
  if (site && site.name !== null) items.push({ key: 'site', label: site.name, to: paths.site(site.id), isName: true });
  if (site && (pages || page)) items.push({ key: 'pages', label: t('pages'), to: `${paths.pages(site.id)}${pagesSearch}` });
  if (site && page) items.push({ key: 'page', label: page.name, to: paths.page(site.id, page.id), isName: true });
  if (current) items.push({ key: 'current', label: current });
  // the last item is where the reader is
  const last = items.length - 1;

  return (
    <Box component="nav" aria-label={t('breadcrumb')} data-testid="breadcrumb">
      <WrappingBreadcrumbs>
        {items.map((item, index) => {
          const label =
            index === last ? (
              <Text size="sm" c="gray.7" aria-current="page" component="span" style={item.isName ? ELLIPSIS : undefined}>
                {item.label}
              </Text>
            ) : (
              <Anchor component={Link} to={item.to ?? '#'} size="sm" style={item.isName ? ELLIPSIS : undefined}>
                {item.label}
              </Anchor>
            );
          return item.isName ? (
            <OverflowText key={item.key} text={item.label} maw={NAME_WIDTH} childIsFocusable={index !== last}>
              {label}
            </OverflowText>
          ) : (
            <Box key={item.key} component="span">
              {label}
            </Box>
          );
        })}
      </WrappingBreadcrumbs>
    </Box>
  );
}
