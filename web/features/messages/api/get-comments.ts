import { useQuery } from '@tanstack/react-query';
import type { CommentListResponse } from '../../../../contract/messages';
import { apiGet } from '../../../lib/api-client';
import { FIRST_PAGE, toQueryString } from '../../../lib/list-query';

export type EntityType = 'venue' | 'act';

export const commentKeys = {
  about: (entityType: EntityType, entityId: number) => ['comments', entityType, entityId] as const,
};

/**
 * GET /v1/comments (docs/behaviour.md#the-api): the first 100 messages about one venue or act,
 * newest first.
 */
export const getComments = (entityType: EntityType, entityId: number, signal?: AbortSignal) =>
  apiGet<CommentListResponse>(
    `/v1/comments${toQueryString({ ...FIRST_PAGE, entity_id: entityId, entity_type: entityType })}`,
    {
      signal,
    },
  );

/** Only the owner and admins may read them: pass enabled=false for anyone else. */
export function useComments(entityType: EntityType, entityId: number, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.about(entityType, entityId),
    queryFn: ({ signal }) => getComments(entityType, entityId, signal),
    enabled,
  });
}
