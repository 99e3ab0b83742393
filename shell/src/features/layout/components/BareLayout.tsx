import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { SkipLink, skipTargetProps } from '../../../components/SkipLink';

/**
 * The article viewer's layout (/view/*): the page belongs to the client's site, not to Citable's public
 * side — no header with "Connexion / Commencer", no marketing footer. The reviewer remote draws the
 * site's own name and logo at the top and a small "made with Citable" line at the bottom
 * (docs/operator-desk.md "/view belongs to the site"). The skip link still leads to the main region.
 */
export function BareLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }} data-testid="bare-layout">
      <SkipLink />
      <Box component="main" {...skipTargetProps} style={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
