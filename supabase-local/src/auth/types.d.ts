// Types of the auth service (GoTrue-compatible): its options, the request context handed to every
// route handler, the route table, and the rows of Supabase's auth schema it reads (column names as
// in Supabase; timestamps come back from pg as Date, jsonb as parsed JSON, bigint as string).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JWTPayload } from 'jose';
import type { Pool, PoolClient } from 'pg';

/** A pool or a client inside a transaction: what the queries run on. */
export type Db = Pool | PoolClient;

/** A parsed JSON request body (an object; `{}` when the body is empty). */
export type JsonBody = Record<string, unknown>;

/** The mailer the stand-in hands in (the worker's createMailer); only `send` is used. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

export type Log = (message: string) => void;

/** createAuthService's options (defaults as GoTrue's, see service.js). */
export interface AuthOptions {
  pool: Pool;
  jwtSecret: string;
  /** The gateway's public URL, known once it listens. */
  publicUrl: () => string;
  siteUrl: string;
  redirectAllowList?: string[];
  mailer: Mailer;
  confirmEmail?: boolean;
  jwtExpiry?: number;
  minPasswordLength?: number;
  otpExpiry?: number;
  emailMinInterval?: number;
  disableSignup?: boolean;
  updatePasswordRequireReauthentication?: boolean;
  mfaFactorExpiry?: number;
  mfaChallengeExpiry?: number;
  maxEnrolledFactors?: number;
  refreshTokenReuseInterval?: number;
  log?: Log;
}

/** The settings, defaults applied (durations in seconds). */
export interface AuthConfig {
  publicUrl: () => string;
  siteUrl: string;
  redirectAllowList: string[];
  confirmEmail: boolean;
  jwtExpiry: number;
  minPasswordLength: number;
  otpExpiry: number;
  emailMinInterval: number;
  disableSignup: boolean;
  updatePasswordRequireReauthentication: boolean;
  mfaFactorExpiry: number;
  mfaChallengeExpiry: number;
  maxEnrolledFactors: number;
  refreshTokenReuseInterval: number;
}

/** The JWT signing key (HS256) and the issuer it writes. */
export interface AuthKeys {
  secretKey: Uint8Array;
  issuer: () => string;
}

/** The per-process memory of requests for addresses without an account (email-limits.js). */
export interface UnknownAddressLimiter {
  check(kind: string, email: string): void;
}

/** What lives as long as the service: handed to each request's context. */
export interface AuthDeps {
  pool: Pool;
  config: AuthConfig;
  keys: AuthKeys;
  mailer: Mailer;
  log: Log;
  unknownAddresses: UnknownAddressLimiter;
}

/** The request context passed to every handler. */
export interface AuthContext extends AuthDeps {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path below /auth/v1, e.g. `/token`. */
  subpath: string;
  query: URLSearchParams;
  /** The route's `:name` segments, URI-decoded. */
  params: Record<string, string>;
  /** Runs `fn` in one transaction on a pooled client. */
  tx<T>(fn: (db: PoolClient) => Promise<T>): Promise<T>;
}

/** [status, JSON body, extra headers]; nothing when the handler wrote the response itself (a redirect). */
export type RouteResult = [status: number, body: unknown, headers?: Record<string, string>];
export type Handler = (ctx: AuthContext) => Promise<RouteResult | undefined> | RouteResult;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: Method;
  /** A path below /auth/v1; `:name` matches one segment. */
  path: string;
  handler: Handler;
  /** Needs a service_role (or supabase_admin) JWT, checked before the handler. */
  admin?: boolean;
}

/** The access token's claims (GoTrue's AccessTokenClaims). */
export interface AccessClaims extends JWTPayload {
  role?: string;
  session_id?: string;
  aal?: string;
}

/** The authentication methods of a session: aal and amr claims. */
export interface Assurance {
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
}

export type Timestamp = Date | string | null;

/** auth.users (the columns the service reads). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Timestamp;
  invited_at: Timestamp;
  phone: string | null;
  phone_confirmed_at: Timestamp;
  confirmation_token: string | null;
  confirmation_sent_at: Timestamp;
  recovery_token: string | null;
  recovery_sent_at: Timestamp;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_sent_at: Timestamp;
  reauthentication_token: string | null;
  reauthentication_sent_at: Timestamp;
  last_sign_in_at: Timestamp;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  banned_until: Timestamp;
  deleted_at: Timestamp;
  is_anonymous: boolean | null;
}

/** The auth.users columns that hold a one-time token's hash, and those that date its sending. */
export type TokenColumn =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';
export type SentColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at' | 'reauthentication_sent_at';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown> | null;
  provider: string;
  last_sign_in_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_challenged_at: Timestamp;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  factor_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokenRow {
  /** bigserial: a string from pg. */
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  verified_at: Timestamp;
  /** Computed by the verify query: the challenge came from the same IP address. */
  same_ip: boolean;
  /** Computed by the verify query: older than the challenge expiry. */
  expired: boolean;
}
