// Standalone entry of the workspace remote (its own dev server and index page, for its team).
// In the platform the shell loads ./src/exposes/WorkspaceApp.tsx instead.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { mountStandalone } from '@citable/shared';
import WorkspaceApp from './exposes/WorkspaceApp';

mountStandalone(WorkspaceApp);
