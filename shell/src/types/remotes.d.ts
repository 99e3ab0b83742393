// Types of the federated modules the shell loads at run time (hand-written so type-checking
// never needs a running remote). Each remote default-exports a React component.
declare module 'marketing/MarketingApp' {
  import type { ComponentType } from 'react';
  const MarketingApp: ComponentType;
  export default MarketingApp;
}
declare module 'workspace/WorkspaceApp' {
  import type { ComponentType } from 'react';
  const WorkspaceApp: ComponentType;
  export default WorkspaceApp;
}
declare module 'reviewer/ReviewerApp' {
  import type { ComponentType } from 'react';
  const ReviewerApp: ComponentType;
  export default ReviewerApp;
}
declare module 'marketing/SiteFooter' {
  import type { ComponentType } from 'react';
  const SiteFooter: ComponentType;
  export default SiteFooter;
}
