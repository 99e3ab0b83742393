// Supabase-style database types for createClient<Database>().
// Generated from supabase/migrations by supabase-local/src/db/gen-types.js, then kept in the repo;
// regenerate after changing the schema.
/* eslint-disable */

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

/** What public.get_article_for_view returns (and public.set_cover_image after the change). */
export type ArticleForView = {
  version: {
    id: string;
    page: number;
    html_content: string | null;
    created_date: string;
    sent_in_revision: boolean;
    approved: boolean;
    /** null on demo articles */
    comments_to_modify: string | null;
    /** what the client wrote when asking for a revision on /view (null on demo articles) */
    client_comments: string | null;
  };
  page: {
    id: number;
    name: string;
    url: string;
    hide_cover_image_from_preview: boolean;
    hide_revisions_texts_from_preview: boolean;
  };
  /** the site the article belongs to: /view wears its name and logo (null: none, or the claim's placeholder) */
  site: { name: string; logo_url: string | null };
  is_demo: boolean;
  cover_image_url: string | null;
  images: { id: number; image_url: string; chosen: boolean }[];
  /** The numbered sources the version cites as [n] (http(s) links only), by number. */
  sources: { n: number; url: string; title: string | null }[];
  /** How many of the version's claims are unsupported (a figure the source passage lacks). */
  unsupported_claims: number;
  /** The sentences of those claims, distinct, in the article's order (at most 20): /view lists and highlights them. */
  unsupported_sentences: string[];
};

/**
 * What the review functions (send_for_revision, cancel_revision, approve_version, cancel_approval)
 * return: the version after the change, as in ArticleForView (no creator: anyone holding the link calls them).
 */
export type ReviewedVersion = ArticleForView['version'];

/** What public.send_version_to_client returns: the send recorded (queued) and how many sends the version has had. */
export type VersionSendResult = {
  id: number;
  version: string;
  page: number;
  to_email: string;
  to_name: string | null;
  language: 'fr' | 'en';
  status: 'queued' | 'sent' | 'failed';
  created_at: string;
  sends_of_version: number;
};

/** What public.visibility_overview returns (issue 33). numeric columns come as JSON numbers. */
/** One row of public.visibility_share_of_voice: a cited domain's share of an engine's citations. */
export type VisibilityShareRow = {
  engine: number;
  domain: string;
  /** the site's own domain (its subdomains counted in) */
  is_site: boolean;
  /** answers of the engine citing the domain */
  answers: number;
  /** answers / engine_citations, 0–1 */
  share: number;
  engine_answers: number;
  /** the domain citations of the engine's answers, each domain once per answer */
  engine_citations: number;
};

/** What public.get_visibility_report returns for a live token: the site's aggregate figures only. */
export type VisibilityReport = {
  site: { name: string; domain: string | null; logo_url: string | null; language: 'fr' | 'en' };
  period: { from: string; to: string; weeks: number };
  engines: { id: number; name: string }[];
  series: { bucket: string; engine: number; answers: number; cited: number; mentioned: number }[];
  share_of_voice: VisibilityShareRow[];
};

export type VisibilityOverview = {
  settings: {
    /** false: no row yet, these are the defaults */
    saved: boolean;
    /** llms ids; null = every model */
    engines: number[] | null;
    runs_per_prompt: number;
    schedule: 'weekly' | 'daily' | 'paused';
    monthly_budget_usd: number;
    target_margin: number;
    next_run_at: string | null;
  };
  month_spend_usd: number;
  /** the calls one run of the page (or site) makes with the saved settings */
  calls_per_run: number;
  /** llms id → average cost of a call over the last 90 days (USD) */
  cost_per_call: Record<string, number>;
  runs: {
    id: number;
    page: number | null;
    trigger: 'schedule' | 'manual';
    status: 'queued' | 'running' | 'done' | 'stopped_budget' | 'failed';
    calls_planned: number;
    calls_done: number;
    cost_usd: number;
    error: string | null;
    created_at: string;
    finished_at: string | null;
  }[];
};

/** Hints carried by errors the RPC functions raise (PostgREST error.hint). */
export type RpcErrorHint =
  | 'demo_article'
  | 'not_found'
  | 'invalid_transition'
  | 'rate_limited'
  | 'comments'
  | 'name'
  | 'email'
  | 'message'
  | 'url'
  | 'stripe_email'
  | 'action_not_found'
  | 'example_version'
  | 'html_content'
  | 'parent_version'
  | 'version_empty'
  | 'no_prompts'
  | 'run_in_progress'
  | 'budget_exhausted'
  | 'too_many_prompts'
  | 'bucket';

export type ActionsRow = {
  id: number;
  name: string;
};

export type ContactMessagesRow = {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: string;
  status: string;
  status_changed_by: string | null;
  status_changed_at: string | null;
};

export type DiscoveryOrdersRow = {
  id: number;
  email: string;
  site_url: string;
  site_key: string;
  language: string;
  status: string;
  amount_cents: number;
  currency: string;
  stripe_session_id: string | null;
  stripe_payment_intent: string | null;
  stripe_refund_id: string | null;
  request: number | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  expired_at: string | null;
  refunded_at: string | null;
  refunded_by: string | null;
  target_keyword: string | null;
};

export type FirstArticleRequestsRow = {
  id: number;
  url: string;
  stripe_email: string;
  site: number | null;
  status: string;
  created_at: string;
  language: string;
  taken_by: string | null;
  taken_at: string | null;
  page: number | null;
  status_changed_at: string | null;
  target_keyword: string | null;
};

export type KeywordsRow = {
  id: number;
  keyword: string;
  created_at: string;
};

export type LlmsRow = {
  id: number;
  name: string;
  name_openrouter: string;
};

export type LocationCountriesRow = {
  id: number;
  country_name: string;
  country_code: string | null;
};

export type LocationLanguagesRow = {
  id: number;
  language_name: string;
  language_code: string | null;
  linked_country: number;
};

export type NotificationsRow = {
  id: number;
  user_id: string;
  kind: string;
  site: number | null;
  page: number | null;
  version: string | null;
  request: number | null;
  message: number | null;
  title: string | null;
  body: string | null;
  created_at: string;
  read_at: string | null;
};

export type PageBriefSourcesRow = {
  page: number;
  n: number;
  url: string;
  kind: string;
  position: number | null;
  title: string | null;
  status: string;
  error: string | null;
  words: number | null;
  headings: Json;
  text: string | null;
};

export type PageBriefsRow = {
  page: number;
  brief: Json;
  researched_at: string | null;
  research_action: number | null;
  edited_at: string | null;
  updated_at: string;
};

export type PagesRow = {
  id: number;
  site: number;
  name: string;
  url: string;
  status: number;
  creator: string | null;
  date_created: string;
  date_modified: string;
  hide_cover_image_from_preview: boolean;
  hide_revisions_texts_from_preview: boolean;
  serp_results_count: number;
  llm_answers_count: number;
  content_score: number | null;
  review_state: string;
  published_at: string | null;
  wordpress_post_id: number | null;
  wordpress_post_type: string | null;
  wordpress_link: string | null;
  wordpress_status: string | null;
  wordpress_published_at: string | null;
  wordpress_version: string | null;
  wordpress_media_id: number | null;
  wordpress_media_source: string | null;
  name_search: string | null;
};

export type PagesActionsRow = {
  id: number;
  linked_page: number;
  linked_action: number;
  linked_pages_version: string | null;
  creator: string | null;
  info_json: Json | null;
  info2: string | null;
  queued: boolean | null;
  created_date: string;
  status: string;
  attempts: number;
  last_error: string | null;
  updated_at: string;
  cost_usd: number | null;
  usage: Json | null;
  duration_ms: number | null;
  started_at: string | null;
  finished_at: string | null;
  warnings: Json;
  stages: Json;
};

export type PagesKeywordsRow = {
  id: number;
  linked_page: number;
  linked_keyword: number;
  to_search: boolean;
};

export type PagesLlmAnswersRow = {
  id: number;
  linked_page: number;
  linked_llm: number;
  answer: string | null;
  created_at: string;
  question: string | null;
  brand_mentioned: boolean | null;
  domain_cited: boolean | null;
  cited_urls: string[] | null;
  cited_domains: string[] | null;
  pages_version: string | null;
  analysed_at: string | null;
  prompt: number | null;
  run: number | null;
  cost_usd: number | null;
  visibility: boolean;
};

export type PagesVersionsRow = {
  id: string;
  page: number;
  html_content: string | null;
  creator: string | null;
  created_date: string;
  comments_to_modify: string | null;
  need_to_do_web_search_for_modification: boolean;
  highlight_modified_content: boolean;
  unhighlight_modified_content: boolean;
  pages_versions_to_take_as_example: string | null;
  sent_in_revision: boolean;
  approved: boolean;
  parent_version: string | null;
  origin: string | null;
  instruction: string | null;
  sources: Json | null;
  generated_by_action: number | null;
  generated_for_run: string | null;
  html_sanitized: boolean;
  claims: Json | null;
  score: number | null;
  score_parts: Json | null;
  structured_data: Json | null;
  scored_at: string | null;
  client_comments: string | null;
  review_state_at: string;
};

export type PagesVersionsImagesRow = {
  id: number;
  linked_page: number;
  linked_pages_version: string | null;
  image_url: string;
  type: string;
  chosen: boolean;
  created_at: string;
};

export type SerpsRow = {
  id: number;
  linked_keyword: number;
  site: number | null;
  own_site: boolean;
  position_absolute: number | null;
  title: string | null;
  url: string | null;
  meta_description: string | null;
  type: string | null;
  created_at: string;
};

export type SitesRow = {
  id: number;
  name: string;
  url: string;
  country: number | null;
  language: number | null;
  tone_articles_group: number | null;
  force_defined_language_for_serps: boolean;
  serps_nb_results: number;
  serps_img_nb_results: number;
  familiar_terms: boolean;
  address_the_reader_with_i: boolean;
  accepted_topics: string | null;
  additional_guidelines: string | null;
  to_scrape: string | null;
  cover_image_width: number;
  cover_image_height: number;
  nb_images_to_create: number;
  default_type_page_post: string | null;
  default_status: string;
  auto_publish_image: boolean;
  image_logo: string | null;
  linked_user: string | null;
  stripe_email: string | null;
  email1: string | null;
  created_at: string;
  client_name: string | null;
  client_email: string | null;
};

export type StatusesRow = {
  id: number;
  name: string;
};

export type ToneArticlesRow = {
  id: number;
  name: string;
  content: string | null;
  parent_tone_article: number | null;
  owner: string | null;
  is_shared: boolean;
  created_at: string;
};

export type UserSettingsRow = {
  user_id: string;
  notification_emails: boolean;
  updated_at: string;
};

export type VersionSendsRow = {
  id: number;
  version: string;
  page: number;
  to_email: string;
  to_name: string | null;
  language: string;
  sent_by: string | null;
  created_at: string;
  status: string;
  error: string | null;
  sent_at: string | null;
};

export type VisibilityPromptsRow = {
  id: number;
  page: number;
  question: string;
  phrasings: string[];
  language: string;
  source: string;
  position: number;
  active: boolean;
  created_at: string;
  updated_at: string;
};

export type VisibilityReportLinksRow = {
  id: number;
  site: number;
  token: string;
  weeks: number;
  created_at: string;
  revoked_at: string | null;
};

export type VisibilityRunsRow = {
  id: number;
  site: number;
  page: number | null;
  trigger: string;
  status: string;
  calls_planned: number;
  calls_done: number;
  cost_usd: number;
  reserved_usd: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

export type VisibilitySettingsRow = {
  site: number;
  engines: unknown[] | null;
  runs_per_prompt: number;
  schedule: string;
  monthly_budget_usd: number;
  target_margin: number;
  next_run_at: string | null;
  updated_at: string;
};

export type WordpressConnectionsRow = {
  site: number;
  wp_url: string;
  username: string;
  password_encrypted: string;
  plain_http_confirmed: boolean;
  auto_publish: boolean;
  rest_style: string;
  test_status: string | null;
  test_message: string | null;
  found: Json | null;
  tested_at: string | null;
  created_at: string;
  updated_at: string;
};

export type Database = {
  public: {
    Tables: {
      actions: {
        Row: ActionsRow;
        Insert: {
          id?: number;
          name: string;
        };
        Update: {
          id?: number;
          name?: string;
        };
        Relationships: [
        ];
      };
      contact_messages: {
        Row: ContactMessagesRow;
        Insert: {
          id?: number;
          name: string;
          email: string;
          message: string;
          created_at?: string;
          status?: string;
          status_changed_by?: string | null;
          status_changed_at?: string | null;
        };
        Update: {
          id?: number;
          name?: string;
          email?: string;
          message?: string;
          created_at?: string;
          status?: string;
          status_changed_by?: string | null;
          status_changed_at?: string | null;
        };
        Relationships: [
        ];
      };
      discovery_orders: {
        Row: DiscoveryOrdersRow;
        Insert: {
          id?: number;
          email: string;
          site_url: string;
          site_key: string;
          language?: string;
          status?: string;
          amount_cents: number;
          currency?: string;
          stripe_session_id?: string | null;
          stripe_payment_intent?: string | null;
          stripe_refund_id?: string | null;
          request?: number | null;
          created_at?: string;
          expires_at?: string;
          paid_at?: string | null;
          expired_at?: string | null;
          refunded_at?: string | null;
          refunded_by?: string | null;
          target_keyword?: string | null;
        };
        Update: {
          id?: number;
          email?: string;
          site_url?: string;
          site_key?: string;
          language?: string;
          status?: string;
          amount_cents?: number;
          currency?: string;
          stripe_session_id?: string | null;
          stripe_payment_intent?: string | null;
          stripe_refund_id?: string | null;
          request?: number | null;
          created_at?: string;
          expires_at?: string;
          paid_at?: string | null;
          expired_at?: string | null;
          refunded_at?: string | null;
          refunded_by?: string | null;
          target_keyword?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'discovery_orders_request_fkey';
            columns: ['request'];
            isOneToOne: false;
            referencedRelation: 'first_article_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      first_article_requests: {
        Row: FirstArticleRequestsRow;
        Insert: {
          id?: number;
          url: string;
          stripe_email: string;
          site?: number | null;
          status?: string;
          created_at?: string;
          language?: string;
          taken_by?: string | null;
          taken_at?: string | null;
          page?: number | null;
          status_changed_at?: string | null;
          target_keyword?: string | null;
        };
        Update: {
          id?: number;
          url?: string;
          stripe_email?: string;
          site?: number | null;
          status?: string;
          created_at?: string;
          language?: string;
          taken_by?: string | null;
          taken_at?: string | null;
          page?: number | null;
          status_changed_at?: string | null;
          target_keyword?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'first_article_requests_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'first_article_requests_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
        ];
      };
      keywords: {
        Row: KeywordsRow;
        Insert: {
          id?: number;
          keyword: string;
          created_at?: string;
        };
        Update: {
          id?: number;
          keyword?: string;
          created_at?: string;
        };
        Relationships: [
        ];
      };
      llms: {
        Row: LlmsRow;
        Insert: {
          id?: number;
          name: string;
          name_openrouter: string;
        };
        Update: {
          id?: number;
          name?: string;
          name_openrouter?: string;
        };
        Relationships: [
        ];
      };
      location_countries: {
        Row: LocationCountriesRow;
        Insert: {
          id?: number;
          country_name: string;
          country_code?: string | null;
        };
        Update: {
          id?: number;
          country_name?: string;
          country_code?: string | null;
        };
        Relationships: [
        ];
      };
      location_languages: {
        Row: LocationLanguagesRow;
        Insert: {
          id?: number;
          language_name: string;
          language_code?: string | null;
          linked_country: number;
        };
        Update: {
          id?: number;
          language_name?: string;
          language_code?: string | null;
          linked_country?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'location_languages_linked_country_fkey';
            columns: ['linked_country'];
            isOneToOne: false;
            referencedRelation: 'location_countries';
            referencedColumns: ['id'];
          },
        ];
      };
      notifications: {
        Row: NotificationsRow;
        Insert: {
          id?: number;
          user_id: string;
          kind: string;
          site?: number | null;
          page?: number | null;
          version?: string | null;
          request?: number | null;
          message?: number | null;
          title?: string | null;
          body?: string | null;
          created_at?: string;
          read_at?: string | null;
        };
        Update: {
          read_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'notifications_message_fkey';
            columns: ['message'];
            isOneToOne: false;
            referencedRelation: 'contact_messages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notifications_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notifications_request_fkey';
            columns: ['request'];
            isOneToOne: false;
            referencedRelation: 'first_article_requests';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notifications_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notifications_version_fkey';
            columns: ['version'];
            isOneToOne: false;
            referencedRelation: 'pages_versions';
            referencedColumns: ['id'];
          },
        ];
      };
      page_brief_sources: {
        Row: PageBriefSourcesRow;
        Insert: {
          page: number;
          n: number;
          url: string;
          kind?: string;
          position?: number | null;
          title?: string | null;
          status: string;
          error?: string | null;
          words?: number | null;
          headings?: Json;
          text?: string | null;
        };
        Update: {
          page?: number;
          n?: number;
          url?: string;
          kind?: string;
          position?: number | null;
          title?: string | null;
          status?: string;
          error?: string | null;
          words?: number | null;
          headings?: Json;
          text?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'page_brief_sources_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'page_briefs';
            referencedColumns: ['page'];
          },
        ];
      };
      page_briefs: {
        Row: PageBriefsRow;
        Insert: {
          page: number;
          brief: Json;
          researched_at?: string | null;
          research_action?: number | null;
          edited_at?: string | null;
          updated_at?: string;
        };
        Update: {
          page?: number;
          brief?: Json;
          researched_at?: string | null;
          research_action?: number | null;
          edited_at?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'page_briefs_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'page_briefs_research_action_fkey';
            columns: ['research_action'];
            isOneToOne: false;
            referencedRelation: 'pages_actions';
            referencedColumns: ['id'];
          },
        ];
      };
      pages: {
        Row: PagesRow;
        Insert: {
          id?: number;
          site: number;
          name: string;
          url: string;
          status?: number;
          creator?: string | null;
          date_created?: string;
          date_modified?: string;
          hide_cover_image_from_preview?: boolean;
          hide_revisions_texts_from_preview?: boolean;
        };
        Update: {
          id?: number;
          site?: number;
          name?: string;
          url?: string;
          status?: number;
          creator?: string | null;
          date_created?: string;
          date_modified?: string;
          hide_cover_image_from_preview?: boolean;
          hide_revisions_texts_from_preview?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'pages_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_status_fkey';
            columns: ['status'];
            isOneToOne: false;
            referencedRelation: 'statuses';
            referencedColumns: ['id'];
          },
        ];
      };
      pages_actions: {
        Row: PagesActionsRow;
        Insert: {
          linked_page: number;
          linked_action: number;
          linked_pages_version?: string | null;
          creator?: string | null;
          info_json?: Json | null;
          info2?: string | null;
          queued?: boolean | null;
          created_date?: string;
        };
        Update: {
          linked_pages_version?: string | null;
          info_json?: Json | null;
          info2?: string | null;
          queued?: boolean | null;
          created_date?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'pages_actions_linked_action_fkey';
            columns: ['linked_action'];
            isOneToOne: false;
            referencedRelation: 'actions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_actions_linked_page_fkey';
            columns: ['linked_page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_actions_linked_pages_version_fkey';
            columns: ['linked_pages_version'];
            isOneToOne: false;
            referencedRelation: 'pages_versions';
            referencedColumns: ['id'];
          },
        ];
      };
      pages_keywords: {
        Row: PagesKeywordsRow;
        Insert: {
          id?: number;
          linked_page: number;
          linked_keyword: number;
          to_search?: boolean;
        };
        Update: {
          to_search?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'pages_keywords_linked_keyword_fkey';
            columns: ['linked_keyword'];
            isOneToOne: false;
            referencedRelation: 'keywords';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_keywords_linked_page_fkey';
            columns: ['linked_page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
        ];
      };
      pages_llm_answers: {
        Row: PagesLlmAnswersRow;
        Insert: {
          id?: number;
          linked_page: number;
          linked_llm: number;
          answer?: string | null;
          created_at?: string;
          question?: string | null;
          brand_mentioned?: boolean | null;
          domain_cited?: boolean | null;
          cited_urls?: string[] | null;
          cited_domains?: string[] | null;
          pages_version?: string | null;
          analysed_at?: string | null;
          prompt?: number | null;
          run?: number | null;
          cost_usd?: number | null;
          visibility?: boolean;
        };
        Update: {
          id?: number;
          linked_page?: number;
          linked_llm?: number;
          answer?: string | null;
          created_at?: string;
          question?: string | null;
          brand_mentioned?: boolean | null;
          domain_cited?: boolean | null;
          cited_urls?: string[] | null;
          cited_domains?: string[] | null;
          pages_version?: string | null;
          analysed_at?: string | null;
          prompt?: number | null;
          run?: number | null;
          cost_usd?: number | null;
          visibility?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'pages_llm_answers_linked_llm_fkey';
            columns: ['linked_llm'];
            isOneToOne: false;
            referencedRelation: 'llms';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_llm_answers_linked_page_fkey';
            columns: ['linked_page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_llm_answers_pages_version_fkey';
            columns: ['pages_version'];
            isOneToOne: false;
            referencedRelation: 'pages_versions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_llm_answers_prompt_fkey';
            columns: ['prompt'];
            isOneToOne: false;
            referencedRelation: 'visibility_prompts';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_llm_answers_run_fkey';
            columns: ['run'];
            isOneToOne: false;
            referencedRelation: 'visibility_runs';
            referencedColumns: ['id'];
          },
        ];
      };
      pages_versions: {
        Row: PagesVersionsRow;
        Insert: {
          id?: string;
          page: number;
          html_content?: string | null;
          creator?: string | null;
          created_date?: string;
          comments_to_modify?: string | null;
          need_to_do_web_search_for_modification?: boolean;
          highlight_modified_content?: boolean;
          unhighlight_modified_content?: boolean;
          pages_versions_to_take_as_example?: string | null;
          sent_in_revision?: boolean;
          approved?: boolean;
          parent_version?: string | null;
          origin?: string | null;
          instruction?: string | null;
          sources?: Json | null;
          generated_by_action?: number | null;
          generated_for_run?: string | null;
          html_sanitized?: boolean;
          claims?: Json | null;
          score?: number | null;
          score_parts?: Json | null;
          structured_data?: Json | null;
          scored_at?: string | null;
          client_comments?: string | null;
          review_state_at?: string;
        };
        Update: {
          id?: string;
          page?: number;
          html_content?: string | null;
          creator?: string | null;
          created_date?: string;
          comments_to_modify?: string | null;
          need_to_do_web_search_for_modification?: boolean;
          highlight_modified_content?: boolean;
          unhighlight_modified_content?: boolean;
          pages_versions_to_take_as_example?: string | null;
          sent_in_revision?: boolean;
          approved?: boolean;
          parent_version?: string | null;
          origin?: string | null;
          instruction?: string | null;
          sources?: Json | null;
          generated_by_action?: number | null;
          generated_for_run?: string | null;
          html_sanitized?: boolean;
          claims?: Json | null;
          score?: number | null;
          score_parts?: Json | null;
          structured_data?: Json | null;
          scored_at?: string | null;
          client_comments?: string | null;
          review_state_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'pages_versions_generated_by_action_fkey';
            columns: ['generated_by_action'];
            isOneToOne: false;
            referencedRelation: 'pages_actions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_versions_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_versions_pages_versions_to_take_as_example_fkey';
            columns: ['pages_versions_to_take_as_example'];
            isOneToOne: false;
            referencedRelation: 'pages_versions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_versions_parent_version_fkey';
            columns: ['parent_version'];
            isOneToOne: false;
            referencedRelation: 'pages_versions';
            referencedColumns: ['id'];
          },
        ];
      };
      pages_versions_images: {
        Row: PagesVersionsImagesRow;
        Insert: {
          id?: number;
          linked_page: number;
          linked_pages_version?: string | null;
          image_url: string;
          type: string;
          chosen?: boolean;
          created_at?: string;
        };
        Update: {
          id?: number;
          linked_page?: number;
          linked_pages_version?: string | null;
          image_url?: string;
          type?: string;
          chosen?: boolean;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'pages_versions_images_linked_page_fkey';
            columns: ['linked_page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'pages_versions_images_linked_pages_version_fkey';
            columns: ['linked_pages_version'];
            isOneToOne: false;
            referencedRelation: 'pages_versions';
            referencedColumns: ['id'];
          },
        ];
      };
      serps: {
        Row: SerpsRow;
        Insert: {
          id?: number;
          linked_keyword: number;
          site?: number | null;
          own_site?: boolean;
          position_absolute?: number | null;
          title?: string | null;
          url?: string | null;
          meta_description?: string | null;
          type?: string | null;
          created_at?: string;
        };
        Update: {
          id?: number;
          linked_keyword?: number;
          site?: number | null;
          own_site?: boolean;
          position_absolute?: number | null;
          title?: string | null;
          url?: string | null;
          meta_description?: string | null;
          type?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'serps_linked_keyword_fkey';
            columns: ['linked_keyword'];
            isOneToOne: false;
            referencedRelation: 'keywords';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'serps_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
        ];
      };
      sites: {
        Row: SitesRow;
        Insert: {
          id?: number;
          name: string;
          url: string;
          country?: number | null;
          language?: number | null;
          tone_articles_group?: number | null;
          force_defined_language_for_serps?: boolean;
          serps_nb_results?: number;
          serps_img_nb_results?: number;
          familiar_terms?: boolean;
          address_the_reader_with_i?: boolean;
          accepted_topics?: string | null;
          additional_guidelines?: string | null;
          to_scrape?: string | null;
          cover_image_width?: number;
          cover_image_height?: number;
          nb_images_to_create?: number;
          default_type_page_post?: string | null;
          default_status?: string;
          auto_publish_image?: boolean;
          image_logo?: string | null;
          linked_user?: string | null;
          stripe_email?: string | null;
          email1?: string | null;
          created_at?: string;
          client_name?: string | null;
          client_email?: string | null;
        };
        Update: {
          id?: number;
          name?: string;
          url?: string;
          country?: number | null;
          language?: number | null;
          tone_articles_group?: number | null;
          force_defined_language_for_serps?: boolean;
          serps_nb_results?: number;
          serps_img_nb_results?: number;
          familiar_terms?: boolean;
          address_the_reader_with_i?: boolean;
          accepted_topics?: string | null;
          additional_guidelines?: string | null;
          to_scrape?: string | null;
          cover_image_width?: number;
          cover_image_height?: number;
          nb_images_to_create?: number;
          default_type_page_post?: string | null;
          default_status?: string;
          auto_publish_image?: boolean;
          image_logo?: string | null;
          linked_user?: string | null;
          stripe_email?: string | null;
          email1?: string | null;
          created_at?: string;
          client_name?: string | null;
          client_email?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'sites_country_fkey';
            columns: ['country'];
            isOneToOne: false;
            referencedRelation: 'location_countries';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'sites_language_fkey';
            columns: ['language'];
            isOneToOne: false;
            referencedRelation: 'location_languages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'sites_tone_articles_group_fkey';
            columns: ['tone_articles_group'];
            isOneToOne: false;
            referencedRelation: 'tone_articles';
            referencedColumns: ['id'];
          },
        ];
      };
      statuses: {
        Row: StatusesRow;
        Insert: {
          id?: number;
          name: string;
        };
        Update: {
          id?: number;
          name?: string;
        };
        Relationships: [
        ];
      };
      tone_articles: {
        Row: ToneArticlesRow;
        Insert: {
          id?: number;
          name: string;
          content?: string | null;
          parent_tone_article?: number | null;
          owner?: string | null;
          is_shared?: boolean;
          created_at?: string;
        };
        Update: {
          id?: number;
          name?: string;
          content?: string | null;
          parent_tone_article?: number | null;
          owner?: string | null;
          is_shared?: boolean;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'tone_articles_parent_tone_article_fkey';
            columns: ['parent_tone_article'];
            isOneToOne: false;
            referencedRelation: 'tone_articles';
            referencedColumns: ['id'];
          },
        ];
      };
      user_settings: {
        Row: UserSettingsRow;
        Insert: {
          user_id?: string;
          notification_emails?: boolean;
          updated_at?: string;
        };
        Update: {
          user_id?: string;
          notification_emails?: boolean;
          updated_at?: string;
        };
        Relationships: [
        ];
      };
      version_sends: {
        Row: VersionSendsRow;
        Insert: {
          id?: number;
          version: string;
          page: number;
          to_email: string;
          to_name?: string | null;
          language?: string;
          sent_by?: string | null;
          created_at?: string;
          status?: string;
          error?: string | null;
          sent_at?: string | null;
        };
        Update: {
          id?: number;
          version?: string;
          page?: number;
          to_email?: string;
          to_name?: string | null;
          language?: string;
          sent_by?: string | null;
          created_at?: string;
          status?: string;
          error?: string | null;
          sent_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'version_sends_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'version_sends_version_fkey';
            columns: ['version'];
            isOneToOne: false;
            referencedRelation: 'pages_versions';
            referencedColumns: ['id'];
          },
        ];
      };
      visibility_prompts: {
        Row: VisibilityPromptsRow;
        Insert: {
          page: number;
          question: string;
          phrasings: string[];
          language?: string;
          source?: string;
          position?: number;
          active?: boolean;
        };
        Update: {
          question?: string;
          phrasings?: string[];
          language?: string;
          position?: number;
          active?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'visibility_prompts_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
        ];
      };
      visibility_report_links: {
        Row: VisibilityReportLinksRow;
        Insert: {
          site: number;
          weeks?: number;
        };
        Update: {
          revoked_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'visibility_report_links_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
        ];
      };
      visibility_runs: {
        Row: VisibilityRunsRow;
        Insert: {
          id?: number;
          site: number;
          page?: number | null;
          trigger: string;
          status?: string;
          calls_planned?: number;
          calls_done?: number;
          cost_usd?: number;
          reserved_usd?: number;
          error?: string | null;
          created_at?: string;
          started_at?: string | null;
          finished_at?: string | null;
        };
        Update: {
          id?: number;
          site?: number;
          page?: number | null;
          trigger?: string;
          status?: string;
          calls_planned?: number;
          calls_done?: number;
          cost_usd?: number;
          reserved_usd?: number;
          error?: string | null;
          created_at?: string;
          started_at?: string | null;
          finished_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'visibility_runs_page_fkey';
            columns: ['page'];
            isOneToOne: false;
            referencedRelation: 'pages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'visibility_runs_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
        ];
      };
      visibility_settings: {
        Row: VisibilitySettingsRow;
        Insert: {
          site: number;
          engines?: unknown[] | null;
          runs_per_prompt?: number;
          schedule?: string;
          monthly_budget_usd?: number;
          target_margin?: number;
        };
        Update: {
          site?: number;
          engines?: unknown[] | null;
          runs_per_prompt?: number;
          schedule?: string;
          monthly_budget_usd?: number;
          target_margin?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'visibility_settings_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
        ];
      };
      wordpress_connections: {
        Row: WordpressConnectionsRow;
        Insert: {
          site: number;
          wp_url: string;
          username: string;
          password_encrypted: string;
          plain_http_confirmed?: boolean;
          auto_publish?: boolean;
          rest_style?: string;
          test_status?: string | null;
          test_message?: string | null;
          found?: Json | null;
          tested_at?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          site?: number;
          wp_url?: string;
          username?: string;
          password_encrypted?: string;
          plain_http_confirmed?: boolean;
          auto_publish?: boolean;
          rest_style?: string;
          test_status?: string | null;
          test_message?: string | null;
          found?: Json | null;
          tested_at?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'wordpress_connections_site_fkey';
            columns: ['site'];
            isOneToOne: false;
            referencedRelation: 'sites';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      send_for_revision: { Args: { p_version_id: string; p_comments: string }; Returns: ReviewedVersion };
      cancel_revision: { Args: { p_version_id: string }; Returns: ReviewedVersion };
      approve_version: { Args: { p_version_id: string }; Returns: ReviewedVersion };
      cancel_approval: { Args: { p_version_id: string }; Returns: ReviewedVersion };
      get_article_for_view: { Args: { p_version_id: string }; Returns: ArticleForView | null };
      set_cover_image: { Args: { p_version_id: string; p_image_id: number }; Returns: ArticleForView };
      get_article_view_context: {
        Args: { p_version_id: string };
        Returns: {
          newer_version: { id: string; created_date: string } | null;
          is_owner: boolean;
          site_id: number | null;
          /** the version the client sent back: its date, HTML and the client's own comments (never the operator's instructions) */
          sent_back: { created_date: string; html_content: string | null; client_comments: string | null } | null;
        } | null;
      };
      list_demo_articles: {
        Args: Record<PropertyKey, never>;
        Returns: { page_id: number; page_name: string; latest_version_date: string; latest_version_id: string }[];
      };
      submit_contact_message: {
        Args: { p_name: string; p_email: string; p_message: string };
        Returns: { id: number; created_at: string };
      };
      claim_first_article: {
        Args: { p_url: string; p_stripe_email: string; p_language?: string };
        Returns: { request_id: number; site_id: number };
      };
      staff_members: { Args: Record<PropertyKey, never>; Returns: { id: string; name: string; email: string | null }[] };
      take_in_request: { Args: { p_request_id: number }; Returns: { request_id: number; site_id: number; page_id: number } };
      set_request_status: {
        Args: { p_id: number; p_status: 'new' | 'answered' | 'spam' };
        Returns: { id: number; status: string; status_changed_at: string | null };
      };
      set_message_status: {
        Args: { p_id: number; p_status: 'new' | 'answered' | 'spam' };
        Returns: { id: number; status: string; status_changed_at: string | null };
      };
      request_version_modification: {
        Args: {
          p_version_id: string;
          p_comments: string | null;
          p_use_web_search?: boolean;
          p_highlight?: boolean;
          p_unhighlight?: boolean;
          p_create_new_version?: boolean;
          p_example_version_id?: string | null;
        };
        Returns: { version: PagesVersionsRow; action: PagesActionsRow };
      };
      save_version_edit: { Args: { p_version_id: string; p_html: string }; Returns: PagesVersionsRow };
      choose_page_image: { Args: { p_page_id: number; p_image_id: number }; Returns: PagesVersionsImagesRow };
      mark_notifications_read: { Args: { p_ids?: number[] | null }; Returns: number };
      latest_versions_for_pages: { Args: { p_page_ids: number[] }; Returns: { page: number; id: string; created_date: string }[] };
      send_version_to_client: {
        Args: { p_version_id: string; p_email?: string | null; p_name?: string | null };
        Returns: VersionSendResult;
      };
      add_page_keyword: {
        Args: { p_page_id: number; p_keyword: string };
        Returns: { status: 'linked' | 'already-linked'; keyword_id: number; keyword: string; link_id: number };
      };
      list_work_queue: {
        Args: Record<PropertyKey, never>;
        Returns: {
          reason: 'revision' | 'failed' | 'ready_to_send' | 'approved';
          site_id: number;
          site_name: string;
          page_id: number;
          page_name: string;
          page_url: string;
          version_id: string | null;
          since: string;
          action_name: string | null;
          action_error: string | null;
          // 20261201002000_work_queue_wordpress.sql: the site's connection, the page's post and latest publication
          wordpress_connection: 'none' | 'ok' | 'failed';
          wordpress_link: string | null;
          wordpress_status: string | null;
          wordpress_version: string | null;
          publish_status: 'queued' | 'running' | 'done' | 'failed' | null;
          publish_error: string | null;
          publish_warnings: Json | null;
          publish_version: string | null;
        }[];
      };
      // feeding the workspace in bulk (20261201003000_bulk_import.sql, issue 32)
      import_pages: {
        Args: { p_site_id: number; p_rows: { name: string; url: string }[]; p_dry_run?: boolean; p_status?: number | null };
        Returns: { created: number; skipped: number; existing: number[]; duplicates: number[]; invalid: number[]; dry_run: boolean };
      };
      import_keywords: {
        Args: { p_site_id: number; p_rows: ({ page: number; keyword: string } | { url: string; keyword: string })[]; p_dry_run?: boolean };
        Returns: {
          created: number;
          skipped: number;
          already: number[];
          unknown_page: number[];
          duplicates: number[];
          invalid: number[];
          dry_run: boolean;
        };
      };
      set_pages_status: { Args: { p_site_id: number; p_page_ids: number[]; p_status: number }; Returns: { updated: number; unchanged: number } };
      delete_pages: { Args: { p_site_id: number; p_page_ids: number[] }; Returns: number };
      export_site_articles: {
        Args: { p_site_id: number; p_after?: number; p_limit?: number };
        Returns: {
          page_id: number;
          page_name: string;
          page_url: string;
          version_id: string | null;
          version_date: string | null;
          state: 'none' | 'draft' | 'revision' | 'approved';
          html: string | null;
        }[];
      };
      set_page_published: {
        Args: { p_page: number; p_published: boolean };
        Returns: { id: number; review_state: 'none' | 'draft' | 'revision' | 'approved'; published_at: string | null };
      };
      // WordPress (20261130000600_wordpress.sql): the connection's shape is the workspace's (components/wordpress/connection.ts)
      get_wordpress_public_key: { Args: Record<PropertyKey, never>; Returns: { kid: string; jwk: Record<string, unknown>; alg: 'RSA-OAEP-256' } | null };
      save_wordpress_connection: {
        Args: {
          p_site: number;
          p_url: string;
          p_username: string;
          p_password_sealed?: string | null;
          p_kid?: string | null;
          p_plain_http_confirmed?: boolean;
          p_auto_publish?: boolean;
        };
        Returns: { site: number; status: 'testing'; requested_at: string };
      };
      get_wordpress_connection: { Args: { p_site: number }; Returns: Record<string, unknown> | null };
      delete_wordpress_connection: { Args: { p_site: number }; Returns: boolean };
      // AI visibility (issue 33, 20261201007000)
      queue_visibility_run: {
        Args: { p_site: number; p_page?: number | null };
        Returns: { id: number; calls_planned: number; status: 'queued' };
      };
      visibility_series: {
        Args: { p_site: number; p_page?: number | null; p_bucket?: 'week' | 'day'; p_from?: string | null };
        Returns: { bucket: string; engine: number; answers: number; cited: number; mentioned: number }[];
      };
      visibility_version_counts: {
        Args: { p_page: number };
        Returns: { version: string; version_created: string; engine: number; prompt: number; answers: number; cited: number; mentioned: number }[];
      };
      visibility_overview: { Args: { p_site: number; p_page?: number | null }; Returns: VisibilityOverview };
      // AI visibility, second slice (20261202002100)
      visibility_share_of_voice: {
        Args: { p_site: number; p_page?: number | null; p_from?: string | null; p_to?: string | null; p_top?: number };
        Returns: VisibilityShareRow[];
      };
      visibility_answers_export: {
        Args: { p_site: number; p_page?: number | null; p_from?: string | null; p_to?: string | null };
        Returns: {
          id: number;
          created_at: string;
          engine: string | null;
          page: string;
          prompt: string | null;
          phrasing: string | null;
          version_created: string | null;
          cited: boolean;
          mentioned: boolean;
          cited_domains: string[];
        }[];
      };
      get_visibility_report: { Args: { p_token: string }; Returns: VisibilityReport };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicSchema = Database['public'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type FunctionArgs<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]['Args'];
export type FunctionReturns<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]['Returns'];
