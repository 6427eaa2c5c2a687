import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagResponse } from '@holeout/contracts';
import { apiClient } from './api-client.ts';

/** The one key of the tag list: the tag manager, the events filter and the event form's tag field read the same list. */
export const TAGS_KEY = ['tags'] as const;

/** GET /tags: the caller's tags and those shared with them. Quiet: each page shows its own error. */
export async function fetchTags(): Promise<TagResponse[]> {
  const { tags } = await apiClient.get<{ tags: TagResponse[] }>('/tags', { quiet: true });
  return tags;
}

export const tagsQuery = () => queryOptions({ queryKey: TAGS_KEY, queryFn: fetchTags, staleTime: 60_000 });

export function useTags() {
  return useQuery(tagsQuery());
}
