/**
 * The client's AI-visibility report (migration 20261202002100): get_visibility_report(token), callable
 * by anyone holding a live token (anon key). DataError not_found for a malformed, unknown or revoked
 * token; rate_limited past 300 reads an hour from one address.
 */
import { useQuery } from '@tanstack/react-query';
import type { FunctionReturns } from '@citable/shared';
import { request } from '@citable/shared/data';

export type VisibilityReport = FunctionReturns<'get_visibility_report'>;

/** 64 lowercase hex digits, as the database makes them. */
export const isReportToken = (value: string | undefined): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

export const reportKeys = {
  report: (token: string) => ['visibilityReport', token] as const,
};

/** The call, in an object so that tests can replace it. */
export const reportApi = {
  get: async (token: string) => (await request((db) => db.rpc('get_visibility_report', { p_token: token }))) as VisibilityReport,
};

export function useVisibilityReport(token: string | null) {
  return useQuery({
    queryKey: reportKeys.report(token ?? ''),
    queryFn: () => reportApi.get(token!),
    enabled: token !== null,
    staleTime: 60_000,
  });
}
