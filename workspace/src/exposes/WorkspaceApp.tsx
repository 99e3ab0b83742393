import * as React from 'react';
import * as shared from '@citable/shared';
import { WorkspaceRoutes } from '../app/WorkspaceRoutes';

// records what this remote sees of @citable/shared (e2e singleton identity test)
shared.recordSharedProbe('workspace', shared, React);

/** Exposed as `workspace/WorkspaceApp`: the signed-in working screens, routed from the shell's location. */
export default function WorkspaceApp() {
  return <WorkspaceRoutes />;
}
