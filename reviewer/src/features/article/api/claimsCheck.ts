/**
 * How many of a version's cited sentences the worker found unsupported by their source
 * (RPC get_version_claims_check, docs/article-engine.md): asked when the reader clicks Approve, so
 * that an article with unsupported claims says so before it is approved. Counts only, for whoever
 * holds the link (the link is the capability, as for approve_version).
 */
import type { FunctionReturns } from '@citable/shared';
import { request } from '@citable/shared/data';

export type ClaimsCheck = NonNullable<FunctionReturns<'get_version_claims_check'>>;

export async function getClaimsCheck(versionId: string): Promise<ClaimsCheck | null> {
  return (await request((db) => db.rpc('get_version_claims_check', { p_version_id: versionId }))) as ClaimsCheck | null;
}
