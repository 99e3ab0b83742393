import * as React from 'react';
import * as shared from '@citable/shared';
import MarketingRoutes from '../app/MarketingRoutes';

// records what this remote sees of @citable/shared (e2e singleton identity test)
shared.recordSharedProbe('marketing', shared, React);

/** Exposed as `marketing/MarketingApp`: the public pages, routed from the shell's location. */
export default function MarketingApp() {
  return <MarketingRoutes />;
}
