import * as React from 'react';
import { QueryProvider } from '@citable/shared/query';
import { authStore, loadSupabase, i18n, recordSharedProbe, sharedInstanceId } from '@citable/shared';
import { WorkspaceRoutes } from '../app/WorkspaceRoutes';

// records what this remote sees of @citable/shared (e2e singleton identity test)
recordSharedProbe('workspace', { sharedInstanceId, authStore, loadSupabase, i18n }, React);

/** Exposed as `workspace/WorkspaceApp`: the signed-in working screens, routed from the shell's location. */
export default function WorkspaceApp() {
  return (
    <div data-app="workspace" data-build-id={process.env.CITABLE_BUILD_ID} style={{ display: 'contents' }}>
      <QueryProvider>
        <WorkspaceRoutes />
      </QueryProvider>
    </div>
  );
}
