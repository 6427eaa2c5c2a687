import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentsResponse, EventComment, OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** An event's comments, under ['events', ...] so whatever refreshes the events refreshes them too. */
export const commentsKey = (eventId: number) => ['events', 'comments', eventId] as const;

/** GET /events/comments?event_id=: the thread, oldest first. */
export function fetchComments(eventId: number): Promise<CommentsResponse> {
  return apiClient.get<CommentsResponse>('/events/comments', {
    query: { event_id: eventId },
    fallbackMessage: 'Could not load the comments',
  });
}

export const commentsQuery = (eventId: number) => queryOptions({ queryKey: commentsKey(eventId), queryFn: () => fetchComments(eventId) });

export function useEventComments(eventId: number) {
  return useQuery(commentsQuery(eventId));
}

/** POST /events/comments?event_id=: quiet, since the form shows a refusal beside the text. */
export function postComment({ eventId, body }: { eventId: number; body: string }): Promise<EventComment> {
  return apiClient.post<EventComment>('/events/comments', { body }, { query: { event_id: eventId }, quiet: true });
}

export function usePostComment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postComment({ eventId, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentsKey(eventId) }),
  });
}

/** DELETE /events/comments?comment_id= (its author or the event's owner). */
export function deleteComment(commentId: number): Promise<OkResponse> {
  return apiClient.delete<OkResponse>('/events/comments', {
    query: { comment_id: commentId },
    fallbackMessage: 'Could not delete the comment',
  });
}

export function useDeleteComment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentsKey(eventId) }),
  });
}
