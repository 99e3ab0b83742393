import * as React from 'react';
import { authStore, loadSupabase, i18n, recordSharedProbe, sharedInstanceId } from '@citable/shared';
import MarketingRoutes from '../app/MarketingRoutes';

// records what this remote sees of @citable/shared (e2e singleton identity test)
recordSharedProbe('marketing', { sharedInstanceId, authStore, loadSupabase, i18n }, React);

/** Exposed as `marketing/MarketingApp`: the public pages, routed from the shell's location. */
export default function MarketingApp() {
  return (
    <div data-app="marketing" data-build-id={process.env.CITABLE_BUILD_ID} style={{ display: 'contents' }}>
      <MarketingRoutes />
    </div>
  );
}
