// Types of the storage service: what createStorageService is given, the request context handed to
// every route handler, and the rows of storage.buckets / storage.objects as this service reads them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool, PoolClient } from 'pg';

/** A JWT's claims, as the auth service's verifyJwt returns them. */
export interface JwtClaims {
  role?: string;
  sub?: string;
  exp?: number;
  [claim: string]: unknown;
}

/** Who calls: one of the API roles and the JWT claims that PostgreSQL sees as request.jwt.claims. */
export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
}

/** What the service is built from (createStorageService's options). */
export interface StorageOptions {
  pool: Pool;
  /** Directory holding `<bucket>/<path>` files and `.tmp` uploads in progress. */
  root: string;
  verifyJwt: (token: string) => Promise<JwtClaims>;
  /** Signs and verifies signed-URL tokens (HS256). */
  jwtSecret?: string;
  maxUploadBytes?: number;
  log?: (message: string) => void;
}

/** The shared pieces every handler may use (no request state). */
export interface StorageDeps {
  pool: Pool;
  root: string;
  tmpDir: string;
  verifyJwt: (token: string) => Promise<JwtClaims>;
  signingKey: Uint8Array;
  maxUploadBytes: number;
  log: (message: string) => void;
}

/** The request context passed to a route handler. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Path under /storage/v1, e.g. `/object/sign/avatars/a.png`. */
  subpath: string;
  /** The request's query string. */
  query: URLSearchParams;
  /** The route's captures, still URL-encoded (bucket, key). */
  params: Record<string, string>;
  deps: StorageDeps;
}

/** A JSON answer `[status, body]`, or nothing when the handler wrote the response itself. */
export type RouteResult = [number, unknown] | void;

export type Handler = (ctx: RequestContext) => Promise<RouteResult>;

/** Routes sharing a path pattern, by method. */
export interface RouteGroup {
  pattern: RegExp;
  /** Names of the pattern's capture groups, in order. */
  params: readonly string[];
  methods: Readonly<Record<string, Handler>>;
}

/** storage.objects.metadata as storage-api writes it. */
export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

export type UserMetadata = Record<string, unknown>;

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: UserMetadata | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date | null;
}

/** A database client (a pooled connection in a transaction, or the pool itself). */
export type Db = Pool | PoolClient;

/** An upload streamed to a temp file. */
export interface ReceivedUpload {
  tmp: string;
  size: number;
  /** The first bytes, for content detection. */
  head: Buffer;
  md5: string;
  declaredType: string;
  fields: Record<string, string>;
  cacheControl: string | undefined;
  multipart: boolean;
}

/** The claims of a signed-URL token. */
export interface SignedTokenPayload {
  url?: unknown;
  scope?: unknown;
  upsert?: unknown;
  owner?: unknown;
  jti?: unknown;
  exp?: number;
  [claim: string]: unknown;
}
