// Standalone entry of the marketing remote (its own dev server and index page, for its team).
// In the platform the shell loads ./src/exposes/MarketingApp.tsx instead.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { mountStandalone } from '@citable/shared';
import MarketingApp from './exposes/MarketingApp';

mountStandalone(MarketingApp);
