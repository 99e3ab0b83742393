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
} from './config/runtime-config';
export type { RuntimeConfig, RemoteName, ContactConfig } from './config/runtime-config';
export { sharedInstanceId, recordSharedProbe } from './config/instance';
export type { SharedProbe } from './config/instance';

// loading on first use
export { loadOnce } from './lib/loadOnce';
export type { LoadOnce } from './lib/loadOnce';

// supabase
export { loadSupabase, hasStoredSession, authStorageKey } from './supabase/client';
export type { CitableSupabaseClient } from './supabase/client';
export type { Database } from './supabase/database';

// data layer: typed errors, the fetch helpers, row types (no @tanstack/react-query here: that is
// '@citable/shared/query', which the public pages never load)
export { DataError, isDataError, toDataError, unwrap } from './data/errors';
export type { DataErrorKind, DataErrorInit, DataOf, SupabaseResult } from './data/errors';
export { request } from './data/request';
export { dataErrorMessage } from './data/messages';
export type { Translate } from './data/messages';
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
export { theme, MOBILE_BREAKPOINT_PX } from './theme';
export { CitableProviders } from './ui/CitableProviders';
export type { CitableProvidersProps } from './ui/CitableProviders';
export { PlaceholderScreen } from './ui/PlaceholderScreen';
export { NotFound } from './ui/NotFound';
export { ErrorBoundary } from './ui/ErrorBoundary';
export type { ErrorBoundaryProps } from './ui/ErrorBoundary';
export { ErrorPanel, PageErrorPanel } from './ui/ErrorPanel';
export type { ErrorPanelProps } from './ui/ErrorPanel';
export { RouteErrorBoundary, lazyPage } from './ui/lazyPage';
export { mountStandalone } from './ui/mountStandalone';
export { showToast, ToastContainer } from './ui/toast';

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
export type { AuthStoreHandle, AuthStoreOptions } from './auth/createAuthStore';
export { getDisplayName, getAvatarUrl, getInitials, getUserInitials } from './auth/user';
// end auth
