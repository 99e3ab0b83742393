// Staff accounts (docs/operator-desk.md "Staff"): `npm run staff -- add <email>` / `remove <email>` /
// `list`. The flag is app_metadata.staff, which only the service role can write (GoTrue's admin
// API, through supabase-js): a client can never make itself staff. The database reads it from
// auth.users (private.is_staff), so a removal takes effect at once.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { WebSocket } from 'undici';
import { loadConfig, serviceRoleKeyOf } from './config.js';

export const STAFF_USAGE = `Usage: npm run staff -- <command>
  add <email>      make the account staff (the inbox, staff notifications)
  remove <email>   take the staff flag away
  list             the staff accounts
Environment: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the local backend's when unset).`;

/** A failure the command reports as is (exit code 1), without a stack. */
export class StaffCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaffCommandError';
  }
}

export interface StaffOptions {
  env?: Record<string, string | undefined>;
  /** where the command writes its lines (console.log by default) */
  out?: (line: string) => void;
  /** accounts per listUsers page (GoTrue takes up to 1000) */
  perPage?: number;
}

const PER_PAGE = 1000;

export const isStaffUser = (user: Pick<User, 'app_metadata'>) => user.app_metadata?.staff === true;

/** The admin client, from SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY (the local backend's by default). */
export async function adminClient(env: Record<string, string | undefined> = process.env): Promise<{ client: SupabaseClient; url: string }> {
  const config = loadConfig(env);
  const url = config.storage.supabaseUrl;
  const explicitUrl = Boolean(env.SUPABASE_URL?.trim());
  // A hosted project's key cannot be derived: only the local backend's (its JWT secret) can.
  if (!config.storage.serviceRoleKey && explicitUrl && !env.JWT_SECRET?.trim() && !isLoopback(url)) {
    throw new StaffCommandError(`SUPABASE_SERVICE_ROLE_KEY is not set: the service role key of ${url} is needed to change accounts.`);
  }
  const key = await serviceRoleKeyOf(config.storage);
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // supabase-js builds its realtime client even when unused; Node 20 has no global WebSocket
    realtime: { transport: WebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
  });
  return { client, url };
}

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

function adminFailure(error: { message?: string; status?: number; code?: string }, url: string): StaffCommandError {
  if (error.status === 401 || error.status === 403) {
    return new StaffCommandError(`The service role key was refused by ${url} (${error.message ?? error.status}): check SUPABASE_SERVICE_ROLE_KEY.`);
  }
  if (!error.status) return new StaffCommandError(`Cannot reach ${url} (${error.message ?? 'no answer'}): is the backend running? Check SUPABASE_URL.`);
  return new StaffCommandError(`The auth server answered ${error.status}: ${error.message ?? 'unknown error'}`);
}

/** Every account, page by page (GoTrue's admin listUsers). */
export async function* allUsers(client: SupabaseClient, url: string, perPage = PER_PAGE): AsyncGenerator<User> {
  for (let page = 1; ; page += 1) {
    const { data, error } = await client.auth.admin.listUsers({ page, perPage });
    if (error) throw adminFailure(error, url);
    yield* data.users;
    if (data.users.length < perPage) return;
  }
}

export async function findUserByEmail(client: SupabaseClient, url: string, email: string, perPage = PER_PAGE): Promise<User | undefined> {
  const wanted = email.trim().toLowerCase();
  for await (const user of allUsers(client, url, perPage)) {
    if (user.email?.toLowerCase() === wanted) return user;
  }
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Runs one command; returns the exit code. Bad input and refusals are StaffCommandErrors. */
export async function staffCommand(argv: readonly string[], { env = process.env, out = console.log, perPage = PER_PAGE }: StaffOptions = {}): Promise<number> {
  const [command, email, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out(STAFF_USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'add' && command !== 'remove' && command !== 'list') {
    throw new StaffCommandError(`Unknown command "${command}".\n${STAFF_USAGE}`);
  }
  if (command === 'list') {
    if (email !== undefined) throw new StaffCommandError(`"list" takes no argument.\n${STAFF_USAGE}`);
  } else {
    if (!email) throw new StaffCommandError(`"${command}" needs the account's e-mail: npm run staff -- ${command} <email>`);
    if (rest.length) throw new StaffCommandError(`"${command}" takes one e-mail, got ${rest.length + 1} arguments.`);
    if (!EMAIL.test(email.trim())) throw new StaffCommandError(`"${email}" is not an e-mail address.`);
  }

  const { client, url } = await adminClient(env);
  if (command === 'list') {
    const staff: User[] = [];
    for await (const user of allUsers(client, url, perPage)) if (isStaffUser(user)) staff.push(user);
    if (!staff.length) out(`No staff account on ${url}.`);
    else {
      out(`${staff.length} staff account(s) on ${url}:`);
      for (const user of staff.sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''))) out(`  ${user.email ?? user.id}`);
    }
    return 0;
  }

  const user = await findUserByEmail(client, url, email!, perPage);
  if (!user) throw new StaffCommandError(`No account with the e-mail ${email!.trim()} on ${url}. The person signs up first, then is made staff.`);
  const label = user.email ?? email!;
  if (command === 'add' && isStaffUser(user)) {
    out(`${label} is already staff: nothing to do.`);
    return 0;
  }
  if (command === 'remove' && !isStaffUser(user)) {
    out(`${label} is not staff: nothing to do.`);
    return 0;
  }
  // GoTrue merges app_metadata; a null value removes the key.
  const { error } = await client.auth.admin.updateUserById(user.id, { app_metadata: { staff: command === 'add' ? true : null } });
  if (error) throw adminFailure(error, url);
  out(command === 'add'
    ? `${label} is now staff (effective at once in the database; the sidebar's Inbox shows after the next sign-in or token refresh).`
    : `${label} is no longer staff (effective at once in the database).`);
  return 0;
}
