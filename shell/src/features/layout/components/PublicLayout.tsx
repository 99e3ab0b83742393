import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { SkipLink, skipTargetProps } from '../../../components/SkipLink';
import { AppHeader } from './AppHeader';

/** Public pages (/, /auth, marketing…): the sticky header above the page. */
export function PublicLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppHeader />
      <Box component="main" {...skipTargetProps} style={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
