import * as React from 'react';
import * as shared from '@citable/shared';
import { ReviewerRoutes } from '../app/ReviewerRoutes';

// records what this remote sees of @citable/shared (e2e singleton identity test)
shared.recordSharedProbe('reviewer', shared, React);

/** Exposed as `reviewer/ReviewerApp`: the article viewer at /view/:versionId. */
export default function ReviewerApp() {
  return <ReviewerRoutes />;
}
