import { useMutation } from '@tanstack/react-query';
import { MAX_MEDIA_BYTES, type MediaResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** The image types POST /media takes. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why this file cannot be a logo (checked before uploading; the API checks again), or null. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > MAX_MEDIA_BYTES) return 'The image must be at most 2 MB.';
  if (file.size === 0) return 'That file is empty.';
  return null;
}

/** POST /media as multipart/form-data with the image in the field `file`. Quiet: the form shows what went wrong. */
export function uploadMedia(file: File): Promise<MediaResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.post<MediaResponse>('/media', form, {
    quiet: true,
    fallbackMessage: 'The logo could not be uploaded. Please try again.',
  });
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
