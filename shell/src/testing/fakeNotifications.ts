import type { Notification } from '../lib/notifications/api';

let nextId = 1;
/** A notification row as the database returns it. */
export function notification(init: Partial<Notification> = {}): Notification {
  const id = init.id ?? nextId++;
  return {
    id,
    kind: 'client_approved',
    site: 1,
    page: 2,
    version: null,
    request: null,
    message: null,
    title: 'Pain au levain',
    body: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read_at: null,
    ...init,
  };
}

/**
 * A supabase-js stand-in for the notifications and user_settings calls (loadSupabase mocked):
 * answers from `state`, marks read on mark_notifications_read, upserts the setting.
 */
export function fakeNotificationsDb(state: { list: Notification[]; emails?: boolean | null; fail?: boolean }) {
  const rpc = jest.fn(async (name: string, args: { p_ids?: number[] }) => {
    if (name !== 'mark_notifications_read') throw new Error(`unexpected rpc ${name}`);
    let n = 0;
    state.list = state.list.map((row) => {
      if (row.read_at === null && (!args.p_ids || args.p_ids.includes(row.id))) {
        n += 1;
        return { ...row, read_at: new Date().toISOString() };
      }
      return row;
    });
    return { data: n, error: null };
  });
  const upserts: unknown[] = [];
  const client = {
    rpc,
    from(table: string) {
      let head = false;
      const builder = {
        select: (_columns?: string, options?: { head?: boolean }) => {
          head = Boolean(options?.head);
          return builder;
        },
        upsert: (row: { notification_emails: boolean }) => {
          upserts.push(row);
          state.emails = row.notification_emails;
          return builder;
        },
        order: () => builder,
        limit: () => builder,
        is: () => builder,
        single: () => builder,
        maybeSingle: () => builder,
        then: (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) => {
          const answer = () => {
            if (state.fail) return { data: null, error: { message: 'boom', code: '500' }, status: 500 };
            if (table === 'user_settings') {
              return { data: state.emails === undefined || state.emails === null ? null : { notification_emails: state.emails }, error: null };
            }
            if (head) return { data: null, error: null, count: state.list.filter((n) => n.read_at === null).length };
            return { data: [...state.list].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id), error: null };
          };
          return Promise.resolve(answer()).then(resolve, reject);
        },
      };
      return builder;
    },
  };
  return { client, rpc, upserts };
}
