import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type Storage, type StoredObject } from './storage.ts';

/** What S3_URL holds: `http(s)://<access key>:<secret>@<host>[:port]/<bucket>[?region=<region>]`. */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  const bucket = parsed.pathname.replace(/^\/+|\/+$/g, '');
  if (!/^(http|https):$/.test(parsed.protocol) || !bucket || bucket.includes('/')) {
    throw new Error('S3_URL must be http(s)://<key>:<secret>@<host>/<bucket>[?region=...]');
  }
  if (!parsed.username || !parsed.password) throw new Error('S3_URL must carry the access key and secret as its user and password');
  return {
    endpoint: `${parsed.protocol}//${parsed.host}`,
    bucket,
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...), addressed path-style, each request signed
 * with AWS Signature V4. Nothing is public in the bucket: the API reads objects and serves them.
 */
export function createS3Storage(location: S3Location, fetchImpl: typeof fetch = fetch): Storage {
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    region: location.region,
    service: 's3',
  });
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return `${location.endpoint}/${location.bucket}/${key}`;
  };
  const send = async (url: string, init: RequestInit) => {
    const signed = await client.sign(url, init);
    return fetchImpl(signed);
  };
  const fail = async (what: string, response: Response) => {
    const text = (await response.text()).slice(0, 200);
    throw new Error(`S3 ${what} failed: ${response.status} ${text}`);
  };
  return {
    async put(key, body, contentType) {
      const response = await send(urlOf(key), {
        method: 'PUT',
        body,
        headers: { 'content-type': contentType, 'content-length': String(body.length) },
      });
      if (!response.ok) await fail('put', response);
      await response.arrayBuffer();
    },
    async get(key): Promise<StoredObject | null> {
      const response = await send(urlOf(key), { method: 'GET' });
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail('get', response);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const response = await send(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail('delete', response);
      await response.arrayBuffer();
    },
  };
}
