// Writes shared/src/data/database.types.ts (Supabase-style `Database` type) from a
// migrated database:  node supabase-local/src/db/gen-types.js [output]   (starts a throwaway
// embedded server when DATABASE_URL is unset). Functions' types are listed by hand below.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareDatabase } from '@citable/worker/db/migrate.js';
import { startDatabase } from './postgres.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultOutput = path.resolve(here, '..', '..', '..', 'shared', 'src', 'data', 'database.types.ts');

/** @param {string} udt @param {string} dataType */
function tsType(udt, dataType) {
  switch (udt) {
    case 'int2': case 'int4': case 'int8': case 'float4': case 'float8': case 'numeric': return 'number';
    case 'bool': return 'boolean';
    case 'json': case 'jsonb': return 'Json';
    case '_text': case '_varchar': return 'string[]';
    default: return dataType === 'ARRAY' ? 'unknown[]' : 'string';
  }
}

/** @param {string} name */
const pascal = (name) => name.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('');

const FUNCTIONS = `    Functions: {
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
    };`;

const HEADER = `// Supabase-style database types for createClient<Database>().
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
`;

const FOOTER = `
type PublicSchema = Database['public'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type FunctionArgs<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]['Args'];
export type FunctionReturns<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]['Returns'];
`;

/** @param {string} url */
export async function generateTypes(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: columns } = await client.query(`
      select c.table_name, c.column_name, c.udt_name, c.data_type, c.is_nullable = 'YES' as nullable,
             (c.column_default is not null or c.is_identity = 'YES') as has_default,
             c.is_generated = 'ALWAYS' as generated,
             has_column_privilege('authenticated', format('%I.%I', c.table_schema, c.table_name), c.column_name, 'INSERT') as can_insert,
             has_column_privilege('authenticated', format('%I.%I', c.table_schema, c.table_name), c.column_name, 'UPDATE') as can_update
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       order by c.table_name, c.ordinal_position`);
    const { rows: fks } = await client.query(`
      select con.conname, cl.relname as table_name, ref.relname as referenced_relation,
             array(select a.attname from unnest(con.conkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o)::text[] as columns,
             array(select a.attname from unnest(con.confkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o)::text[] as ref_columns,
             rn.nspname as ref_schema
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_class ref on ref.oid = con.confrelid
        join pg_namespace rn on rn.oid = ref.relnamespace
       where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
       order by cl.relname, con.conname`);
    /** @type {Map<string, typeof columns>} */
    const tables = new Map();
    for (const col of columns) {
      if (!tables.has(col.table_name)) tables.set(col.table_name, []);
      tables.get(col.table_name)?.push(col);
    }
    let rowTypes = '';
    let body = 'export type Database = {\n  public: {\n    Tables: {\n';
    for (const [table, cols] of tables) {
      const rowName = `${pascal(table)}Row`;
      rowTypes += `\nexport type ${rowName} = {\n`;
      for (const c of cols) rowTypes += `  ${c.column_name}: ${tsType(c.udt_name, c.data_type)}${c.nullable ? ' | null' : ''};\n`;
      rowTypes += '};\n';
      // Insert / Update list what a signed-in user may write: where `authenticated` has
      // column-level grants (pages, pages_actions), the columns it is refused (written by
      // triggers or the worker) are left out; tables it cannot write at all (written by
      // service_role only) keep every column.
      const writable = cols.filter((c) => !c.generated);
      const insertable = writable.some((c) => c.can_insert) ? writable.filter((c) => c.can_insert) : writable;
      const updatable = writable.some((c) => c.can_update) ? writable.filter((c) => c.can_update) : writable;
      body += `      ${table}: {\n        Row: ${rowName};\n`;
      body += '        Insert: {\n';
      for (const c of insertable) {
        const optional = c.nullable || c.has_default;
        body += `          ${c.column_name}${optional ? '?' : ''}: ${tsType(c.udt_name, c.data_type)}${c.nullable ? ' | null' : ''};\n`;
      }
      body += '        };\n        Update: {\n';
      for (const c of updatable) body += `          ${c.column_name}?: ${tsType(c.udt_name, c.data_type)}${c.nullable ? ' | null' : ''};\n`;
      body += '        };\n        Relationships: [\n';
      for (const fk of fks.filter((f) => f.table_name === table)) {
        body += `          {\n            foreignKeyName: '${fk.conname}';\n            columns: [${fk.columns.map((/** @type {string} */ c) => `'${c}'`).join(', ')}];\n`;
        body += `            isOneToOne: false;\n            referencedRelation: '${fk.referenced_relation}';\n`;
        body += `            referencedColumns: [${fk.ref_columns.map((/** @type {string} */ c) => `'${c}'`).join(', ')}];\n          },\n`;
      }
      body += '        ];\n      };\n';
    }
    body += '    };\n    Views: { [_ in never]: never };\n' + FUNCTIONS + '\n';
    body += '    Enums: { [_ in never]: never };\n    CompositeTypes: { [_ in never]: never };\n  };\n};\n';
    return HEADER + rowTypes + '\n' + body + FOOTER;
  } finally {
    await client.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const output = process.argv[2] ? path.resolve(process.argv[2]) : defaultOutput;
  let db;
  let tmp;
  if (process.env.DATABASE_URL) {
    db = await startDatabase({ databaseUrl: process.env.DATABASE_URL });
  } else {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-types-'));
    db = await startDatabase({ dataDir: tmp, port: 0 });
  }
  try {
    await prepareDatabase(db.url, { seed: false });
    await fs.mkdir(path.dirname(output), { recursive: true });
    await fs.writeFile(output, await generateTypes(db.url));
    console.log(`wrote ${output}`);
  } finally {
    await db.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  }
}
