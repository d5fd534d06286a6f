import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentInput } from '../../../../contract/messages';
import { apiPost } from '../../../lib/api-client';
import { commentKeys } from './get-comments';

/** POST /v1/comments: a message to the owner of a venue or an act. */
export const sendComment = (input: CommentInput) => apiPost<Comment>('/v1/comments', input);

export function useSendComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendComment,
    onSuccess: (comment) =>
      client.invalidateQueries({ queryKey: commentKeys.about(comment.entity_type, comment.entity_id) }),
  });
}
