import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserWebPush, createWebPush, webPushServer, type WebPush, type WebPushState } from '../../../lib/web-push.ts';

/** This browser's push: the service worker, its subscription and the caller's devices (GET /devices). */
const webPush = (): WebPush => createWebPush(browserWebPush, webPushServer());

export const webPushStateKey = ['web-push', 'state'] as const;

/** Whether this browser gets the signed-in user's pushes (GET /push/vapid_public_key, GET /devices). */
export const webPushStateQuery = () => queryOptions({ queryKey: webPushStateKey, queryFn: () => webPush().state() });

export function useWebPushState(enabled: boolean) {
  return useQuery({ ...webPushStateQuery(), enabled });
}

/** Turns push in this browser on (permission, subscription, POST /devices) or off (DELETE /devices, unsubscribe). */
export function useSetWebPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean): Promise<WebPushState> => (on ? webPush().enable() : webPush().disable()),
    onSuccess: (state) => queryClient.setQueryData(webPushStateKey, state),
  });
}
