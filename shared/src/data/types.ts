/**
 * Row, insert and update types of the tables (docs/data-model.md#tables), over the generated database types.
 * Type-only: nothing here reaches the bundles.
 */
import type { Database } from './database.types';

export type {
  Database,
  Json,
  Tables,
  TablesInsert,
  TablesUpdate,
  FunctionArgs,
  FunctionReturns,
  ArticleForView,
  ReviewedVersion,
  RpcErrorHint,
} from './database.types';

type PublicSchema = Database['public'];

export type TableName = keyof PublicSchema['Tables'];
export type FunctionName = keyof PublicSchema['Functions'];
/** Enum types of the schema (none yet: statuses and actions are lookup tables). */
export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];

type Row<T extends TableName> = PublicSchema['Tables'][T]['Row'];
type Insert<T extends TableName> = PublicSchema['Tables'][T]['Insert'];
type Update<T extends TableName> = PublicSchema['Tables'][T]['Update'];

// ---- named rows, by the spec's entity names (table in parentheses) ----

/** A site (sites). */
export type Site = Row<'sites'>;
export type SiteInsert = Insert<'sites'>;
export type SiteUpdate = Update<'sites'>;

/** A country (location_countries). */
export type Country = Row<'location_countries'>;
/** A language of a country (location_languages); not `Language`, which names the UI languages (fr, en). */
export type CountryLanguage = Row<'location_languages'>;

/** A page status (statuses): Published=1, Draft=2, In Review=3. */
export type Status = Row<'statuses'>;

/** A page of a site (pages); serp_results_count and llm_answers_count are kept by the database. */
export type Page = Row<'pages'>;
export type PageInsert = Insert<'pages'>;
export type PageUpdate = Update<'pages'>;

/** A version of a page's article HTML (pages_versions); ids are uuids. */
export type PageVersion = Row<'pages_versions'>;
export type PageVersionInsert = Insert<'pages_versions'>;
export type PageVersionUpdate = Update<'pages_versions'>;

/** A queueable action (actions): create_article, serps, llm_answers… */
export type Action = Row<'actions'>;
/** A queued page action (pages_actions); status, attempts and last_error are the worker's. */
export type PageAction = Row<'pages_actions'>;
export type PageActionInsert = Insert<'pages_actions'>;
export type PageActionUpdate = Update<'pages_actions'>;

/** A keyword (keywords). */
export type Keyword = Row<'keywords'>;
export type KeywordInsert = Insert<'keywords'>;
/** The link of a keyword to a page (pages_keywords). */
export type PageKeyword = Row<'pages_keywords'>;
export type PageKeywordInsert = Insert<'pages_keywords'>;
export type PageKeywordUpdate = Update<'pages_keywords'>;

/** A search-result row of a keyword (serps). */
export type Serp = Row<'serps'>;

/** A language model (llms). */
export type Llm = Row<'llms'>;
/** A language model's answer for a page (pages_llm_answers). */
export type LlmAnswer = Row<'pages_llm_answers'>;

/** An image proposition or example of a page (pages_versions_images). */
export type PageImage = Row<'pages_versions_images'>;
export type PageImageInsert = Insert<'pages_versions_images'>;
export type PageImageUpdate = Update<'pages_versions_images'>;

/** A tone article, or a tone group when parent_tone_article is null (tone_articles). */
export type ToneArticle = Row<'tone_articles'>;
export type ToneArticleInsert = Insert<'tone_articles'>;
export type ToneArticleUpdate = Update<'tone_articles'>;

/** A message of the public contact form (contact_messages). */
export type ContactMessage = Row<'contact_messages'>;
/** A request of the free first-article flow (first_article_requests). */
export type FirstArticleRequest = Row<'first_article_requests'>;
