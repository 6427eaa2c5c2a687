import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/**
 * The one file of a multipart upload, in a field named `file`, read whole: 415 when the request is
 * not multipart, 400 when it cannot be read or the field is missing, and `tooLarge()` (a 413 naming
 * the route's limit) when the file passes the limit the route registered @fastify/multipart with.
 * `what` names the file in the messages ("the image", "rounds.csv").
 */
export async function readUploadedFile(request: FastifyRequest, what: string, tooLarge: () => ApiError): Promise<Buffer> {
  if (!request.isMultipart())
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send ${what} as multipart/form-data in a field named file.`);
  const overLimit = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
  let part;
  try {
    part = await request.file();
  } catch (error) {
    if (overLimit(error)) throw tooLarge();
    throw new ApiError(400, 'BAD_REQUEST', 'The upload could not be read; send one file in a field named file.');
  }
  if (!part || part.fieldname !== 'file') throw new ApiError(400, 'BAD_REQUEST', `Send ${what} in a field named file.`);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (overLimit(error)) throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  return bytes;
}
