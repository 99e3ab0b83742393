import * as React from 'react';
import { QueryProvider } from '@citable/shared/query';
import { authStore, loadSupabase, i18n, recordSharedProbe, sharedInstanceId } from '@citable/shared';
import { ReviewerRoutes } from '../app/ReviewerRoutes';

// records what this remote sees of @citable/shared (e2e singleton identity test)
recordSharedProbe('reviewer', { sharedInstanceId, authStore, loadSupabase, i18n }, React);

/** Exposed as `reviewer/ReviewerApp`: the article viewer at /view/:versionId. */
export default function ReviewerApp() {
  return (
    <div data-app="reviewer" data-build-id={process.env.CITABLE_BUILD_ID} style={{ display: 'contents' }}>
      <QueryProvider>
        <ReviewerRoutes />
      </QueryProvider>
    </div>
  );
}
