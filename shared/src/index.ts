/**
 * @citable/shared — the one library every app uses (a module-federation singleton:
 * exactly one instance per page). Import from '@citable/shared' only.
 */

// runtime config
export {
  loadRuntimeConfig,
  getRuntimeConfig,
  setRuntimeConfig,
  resetRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
  REMOTE_NAMES,
  DEFAULT_LLM_ANSWERS_PER_MODEL,
} from './config/runtime-config';
export type { RuntimeConfig, RemoteName, ContactConfig, CheckoutConfig } from './config/runtime-config';
export { sharedInstanceId, recordSharedProbe } from './config/instance';
export type { SharedProbe } from './config/instance';

// loading on first use
export { loadOnce } from './lib/loadOnce';
export type { LoadOnce } from './lib/loadOnce';
export { webLink, isWebUrl } from './lib/webLink';
export { normalizeWebUrl, WEB_URL_MAX_LENGTH } from './lib/webUrl';
export type { WebUrlProblem, WebUrlResult } from './lib/webUrl';

// supabase
export { loadSupabase, hasStoredSession, authStorageKey } from './supabase/client';
export type { CitableSupabaseClient } from './supabase/client';
export type { Database } from './supabase/database';

// data layer: the row types here (types only); typed errors, the fetch helpers and the error
// messages are '@citable/shared/data', and the query cache '@citable/shared/query' — entries of their
// own, downloaded by the first screen that uses them, not by every public page
export type {
  Json,
  Tables,
  TablesInsert,
  TablesUpdate,
  Enums,
  TableName,
  FunctionName,
  FunctionArgs,
  FunctionReturns,
  ArticleForView,
  ReviewedVersion,
  RpcErrorHint,
  Site,
  SiteInsert,
  SiteUpdate,
  Country,
  CountryLanguage,
  Status,
  Page,
  PageInsert,
  PageUpdate,
  PageVersion,
  PageVersionInsert,
  PageVersionUpdate,
  Action,
  PageAction,
  PageActionInsert,
  PageActionUpdate,
  Keyword,
  KeywordInsert,
  PageKeyword,
  PageKeywordInsert,
  PageKeywordUpdate,
  Serp,
  Llm,
  LlmAnswer,
  PageImage,
  PageImageInsert,
  PageImageUpdate,
  ToneArticle,
  ToneArticleInsert,
  ToneArticleUpdate,
  ContactMessage,
  FirstArticleRequest,
} from './data/types';

// i18n
export {
  i18n,
  currentLanguage,
  addTranslations,
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
} from './i18n';
export type { Language } from './i18n';

// theme and UI
export { theme, cssVariablesResolver, MOBILE_BREAKPOINT_PX } from './theme';
export { CitableProviders } from './ui/CitableProviders';
export type { CitableProvidersProps } from './ui/CitableProviders';
export { PlaceholderScreen } from './ui/PlaceholderScreen';
export { NotFound } from './ui/NotFound';
export { useDocumentTitle, DEFAULT_DOCUMENT_TITLE } from './ui/useDocumentTitle';
export { ErrorBoundary } from './ui/ErrorBoundary';
export type { ErrorBoundaryProps } from './ui/ErrorBoundary';
export { ErrorPanel, PageErrorPanel } from './ui/ErrorPanel';
export type { ErrorPanelProps } from './ui/ErrorPanel';
export { RouteErrorBoundary, lazyPage } from './ui/lazyPage';
export { mountStandalone } from './ui/mountStandalone';
export { hideToast, showToast, ToastContainer } from './ui/toast';

// auth (owned by the auth engineer)
export {
  useAuthStore,
  authStore,
  initAuth,
  useSession,
  useUser,
  useIsLoggedIn,
  useAuthLoading,
  defaultFullName,
} from './auth/store';
export type { AuthState, AuthResult, AuthClient, AuthNotice } from './auth/store';
export { createAuthStore } from './auth/createAuthStore';
export type { AuthStoreHandle, AuthStoreOptions, TotpEnrollment } from './auth/createAuthStore';
export { getDisplayName, getAvatarUrl, isStaff, getInitials, getUserInitials, needsSecondFactor, sessionAssuranceLevel } from './auth/user';
// end auth
