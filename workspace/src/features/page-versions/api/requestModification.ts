/**
 * The Modify Versions form (docs/product-rules.md#validation): records the request on the version and queues its
 * modify_articles_with_instructions action in one transaction (RPC request_version_modification).
 */
import { useMutation } from '@tanstack/react-query';
import type { PageAction, PageVersion } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export interface ModificationRequest {
  versionId: string;
  comments: string;
  useWebSearch: boolean;
  highlightModifications: boolean;
  unhighlightModifications: boolean;
  createNewVersion: boolean;
  exampleVersionId: string | null;
}

export async function requestModification(input: ModificationRequest): Promise<{ version: PageVersion; action: PageAction }> {
  if (!input.versionId) throw new DataError('invalid', 'Please select a version to modify');
  return request((db) =>
    db.rpc('request_version_modification', {
      p_version_id: input.versionId,
      p_comments: input.comments,
      p_use_web_search: input.useWebSearch,
      p_highlight: input.highlightModifications,
      p_unhighlight: input.unhighlightModifications,
      p_create_new_version: input.createNewVersion,
      p_example_version_id: input.exampleVersionId,
    }),
  ) as Promise<{ version: PageVersion; action: PageAction }>;
}

export function useRequestModification(pageId: number) {
  return useMutation({
    mutationFn: requestModification,
    meta: { invalidates: [queryKeys.pageVersions.lists(pageId), queryKeys.pageActions.lists(pageId)] },
  });
}
