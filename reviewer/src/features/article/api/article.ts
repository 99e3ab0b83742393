/**
 * The article viewer's calls (docs/product-rules.md#screens "Article viewer", §4 review transitions), one function per
 * RPC and their hooks. Anyone holding the version id may call them (anon key): the link is the capability.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleForView, FunctionReturns, ReviewedVersion } from '@citable/shared';
import { useUser } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export type ArticleViewContext = NonNullable<FunctionReturns<'get_article_view_context'>>;

/** Cache keys of the viewer, under the versions' prefix (a change made in the workspace invalidates them). */
export const articleKeys = {
  view: (versionId: string) => [...queryKeys.pageVersions.all, 'view', versionId] as const,
  context: (versionId: string, userId: string | null) => [...articleKeys.contexts(versionId), { userId }] as const,
  /** the context of a version, whoever reads it */
  contexts: (versionId: string) => [...queryKeys.pageVersions.all, 'viewContext', versionId] as const,
};

/** The article of a version; DataError not_found when the version does not exist. */
export async function getArticle(versionId: string): Promise<ArticleForView> {
  const article = (await request((db) => db.rpc('get_article_for_view', { p_version_id: versionId }))) as ArticleForView | null;
  if (!article) throw new DataError('not_found', 'Article not found');
  return article;
}

/** Newer version, owner's link back, the version sent back (null for an unknown version). */
export async function getArticleViewContext(versionId: string): Promise<ArticleViewContext | null> {
  return (await request((db) => db.rpc('get_article_view_context', { p_version_id: versionId }))) as ArticleViewContext | null;
}

// The review functions answer with the version's review state (ReviewedVersion), never its creator.
export const sendForRevision = (versionId: string, comments: string) =>
  request((db) => db.rpc('send_for_revision', { p_version_id: versionId, p_comments: comments })) as Promise<ReviewedVersion>;
export const cancelRevision = (versionId: string) =>
  request((db) => db.rpc('cancel_revision', { p_version_id: versionId })) as Promise<ReviewedVersion>;
export const approveVersion = (versionId: string) =>
  request((db) => db.rpc('approve_version', { p_version_id: versionId })) as Promise<ReviewedVersion>;
export const cancelApproval = (versionId: string) =>
  request((db) => db.rpc('cancel_approval', { p_version_id: versionId })) as Promise<ReviewedVersion>;
export const setCoverImage = (versionId: string, imageId: number) =>
  request((db) => db.rpc('set_cover_image', { p_version_id: versionId, p_image_id: imageId })) as Promise<ArticleForView>;

let embeddedRead = false;
const pageLoadedAt = Date.now();

/**
 * The article the shell server put in the page for this version (server/src/article-view-head.ts),
 * read once: the first screen needs no request (nor supabase-js) before it shows the article.
 */
export function embeddedArticle(versionId: string): ArticleForView | undefined {
  if (embeddedRead || typeof document === 'undefined') return undefined;
  embeddedRead = true;
  const element = document.getElementById('cv-article-data');
  if (!element?.textContent) return undefined;
  try {
    const article = JSON.parse(element.textContent) as ArticleForView | null;
    return article && article.version?.id === versionId && article.page && Array.isArray(article.images) ? article : undefined;
  } catch {
    return undefined;
  }
}

let embeddedContextRead = false;

/** What an anonymous reader sees around the article, as the server put it in the page (read once). */
export function embeddedContext(versionId: string): ArticleViewContext | undefined {
  if (embeddedContextRead || typeof document === 'undefined') return undefined;
  embeddedContextRead = true;
  const element = document.getElementById('cv-article-context');
  const data = document.getElementById('cv-article-data');
  if (!element?.textContent || !data?.textContent) return undefined;
  try {
    const article = JSON.parse(data.textContent) as ArticleForView | null;
    const context = JSON.parse(element.textContent) as ArticleViewContext | null;
    return article?.version?.id === versionId && context && typeof context === 'object' ? context : undefined;
  } catch {
    return undefined;
  }
}

/** True once the browser has been idle for a moment (secondary data waits for it). */
function useIdle(delayMs = 1200): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      else setIdle(true);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return idle;
}

export function useArticle(versionId: string | null) {
  return useQuery({
    queryKey: articleKeys.view(versionId ?? ''),
    queryFn: () => getArticle(versionId as string),
    initialData: () => (versionId ? embeddedArticle(versionId) : undefined),
    initialDataUpdatedAt: pageLoadedAt,
    enabled: versionId !== null,
  });
}

export function useArticleViewContext(versionId: string | null, enabled: boolean) {
  const userId = useUser()?.id ?? null;
  // the notices around the article are secondary: asked once the page has settled
  const idle = useIdle();
  return useQuery({
    queryKey: articleKeys.context(versionId ?? '', userId),
    queryFn: () => getArticleViewContext(versionId as string),
    // a reader without an account: the server's copy (no request, no supabase-js download)
    initialData: () => (versionId && userId === null ? embeddedContext(versionId) : undefined),
    initialDataUpdatedAt: pageLoadedAt,
    enabled: versionId !== null && enabled && idle,
  });
}

export type ReviewAction = 'sendForRevision' | 'cancelRevision' | 'approve' | 'cancelApproval';

/** Merges the version the server returned into the cached article (§4: the version is replaced). */
export function withVersion(article: ArticleForView, version: ReviewedVersion): ArticleForView {
  return {
    ...article,
    version: {
      ...article.version,
      html_content: version.html_content,
      created_date: version.created_date,
      sent_in_revision: version.sent_in_revision,
      approved: version.approved,
      comments_to_modify: article.is_demo ? null : version.comments_to_modify,
      client_comments: article.is_demo ? null : (version.client_comments ?? null),
    },
  };
}

/** A burst of clicks ends after this pause (ms): clicks closer together than this count as one. */
export const CLICK_BURST_MS = 800;

/**
 * The review transitions of one version. One request at a time, and one per burst of clicks: a click
 * while a request is in flight, or less than CLICK_BURST_MS after the previous click of a burst that
 * changed the state, is ignored (and extends the burst) — the reverse action appears under the pointer,
 * so thirty clicks in a row on 'Approve this Version' make one state change, not fifteen.
 */
export function useReviewActions(versionId: string) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const lockedUntil = useRef(0);
  const mutation = useMutation({
    mutationFn: ({ action, comments }: { action: ReviewAction; comments?: string }) => {
      switch (action) {
        case 'sendForRevision':
          return sendForRevision(versionId, comments ?? '');
        case 'cancelRevision':
          return cancelRevision(versionId);
        case 'approve':
          return approveVersion(versionId);
        case 'cancelApproval':
          return cancelApproval(versionId);
      }
    },
    onSuccess: (version) => {
      queryClient.setQueryData<ArticleForView>(articleKeys.view(versionId), (old) => (old ? withVersion(old, version) : old));
    },
    meta: { invalidates: [queryKeys.pageVersions.lists()] },
  });

  const run = useCallback(
    async (action: ReviewAction, comments?: string): Promise<ReviewedVersion | null> => {
      const now = Date.now();
      if (inFlight.current || now < lockedUntil.current) {
        lockedUntil.current = Math.max(lockedUntil.current, now + CLICK_BURST_MS);
        return null;
      }
      inFlight.current = true;
      try {
        return await mutation.mutateAsync({ action, comments });
      } finally {
        inFlight.current = false;
        lockedUntil.current = Math.max(lockedUntil.current, Date.now() + CLICK_BURST_MS);
      }
    },
    [mutation],
  );
  return { run, isPending: mutation.isPending };
}

export function useSetCoverImage(versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => setCoverImage(versionId, imageId),
    onSuccess: (article) => queryClient.setQueryData(articleKeys.view(versionId), article),
    meta: { invalidates: [queryKeys.images.all] },
  });
}
