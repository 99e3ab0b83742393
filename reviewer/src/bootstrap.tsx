// Standalone entry of the reviewer remote (its own dev server and index page, for its team).
// In the platform the shell loads ./src/exposes/ReviewerApp.tsx instead.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { mountStandalone } from '@citable/shared';
import ReviewerApp from './exposes/ReviewerApp';

mountStandalone(ReviewerApp);
