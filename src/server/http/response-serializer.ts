import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isSharedRead } from '../services/read-cache';

type ZodSchemaLike = z.ZodType | { properties: z.ZodType };

/** The JSON of values the read caches share (the lobby's catalogue...), made once per loaded value. */
const sharedJson = new WeakMap<object, string>();

/**
 * JSON.stringify of an answer, except that a `value` a read cache shares is written from its JSON made once:
 * the same text JSON.stringify makes (the envelope's other fields first, `value` last, as the handlers build it).
 */
export const serializeEnvelope = (data: unknown): string => {
  const envelope = data as { value?: unknown } | null;
  if (!envelope || typeof envelope !== 'object' || !isSharedRead(envelope.value)) return JSON.stringify(data);
  const { value, ...rest } = envelope;
  let json = sharedJson.get(value as object);
  if (json === undefined) {
    json = JSON.stringify(value);
    sharedJson.set(value as object, json);
  }
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)}${head === '{}' ? '' : ','}"value":${json}}`;
};

type SharedEncoding = 'br' | 'gzip';
const sharedEncodings = new Negotiator<SharedEncoding>({ supportedValues: ['br', 'gzip'] });
/** Below this, an answer goes out uncompressed, as @fastify/compress leaves it (app.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** The compressed copies of an answer whose value is shared, per loaded value and encoding. */
const compressedCopies = new WeakMap<object, Partial<Record<SharedEncoding, Buffer>>>();
/** Shared values whose answer is under the threshold: known once, so later requests do not serialize it to find out. */
const tooSmallToCompress = new WeakSet<object>();

const compress = (text: Buffer, encoding: SharedEncoding): Buffer =>
  encoding === 'br'
    ? // Quality 6: within a few bytes of 9 on a lobby answer, at the cost of quality 4, once per loaded value.
      zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
    : zlib.gzipSync(text, { level: 9 });

/**
 * An answer whose value a read cache shares (the lobby's catalogue, the site's configuration...), compressed once per
 * loaded value in the encoding the browser takes; null for any other answer, or a client that takes neither brotli nor
 * gzip, or an answer too small to compress: it then goes the usual way (serialized, and compressed by
 * @fastify/compress as it goes). Compressing the same lobby answer for every request halved those calls' throughput.
 */
export const compressedSharedAnswer = (
  answer: { value: unknown },
  acceptEncoding: string | undefined,
): { encoding: SharedEncoding; body: Buffer } | null => {
  const { value } = answer;
  if (!acceptEncoding || !isSharedRead(value) || tooSmallToCompress.has(value as object)) return null;
  const encoding = sharedEncodings.negotiate(acceptEncoding);
  if (!encoding) return null;
  const copies = compressedCopies.get(value as object) ?? {};
  let body = copies[encoding];
  if (!body) {
    const text = Buffer.from(serializeEnvelope(answer));
    if (text.length < COMPRESS_THRESHOLD_BYTES) {
      tooSmallToCompress.add(value as object);
      return null;
    }
    body = compress(text, encoding);
    copies[encoding] = body;
    compressedCopies.set(value as object, copies);
  }
  return { encoding, body };
};

/**
 * Production: answers go out as JSON.stringify makes them, with no schema parsing (it cost about a tenth of a
 * lobby call). Development and tests parse every answer with its contract schema AND refuse one that parsing
 * would change (a field the contract does not declare, a default it fills in, a transform): so the tests
 * prove that what production sends unparsed is exactly what the contract says.
 */
export const responseSerializerCompiler = (nodeEnv: 'development' | 'production' | 'test'): FastifySerializerCompiler<ZodSchemaLike> => {
  if (nodeEnv === 'production') return () => serializeEnvelope;
  return (route) => {
    const checked = zodSerializerCompiler(route);
    return (data) => {
      const text = checked(data);
      const sent = JSON.stringify(data);
      if (text !== sent && !isDeepStrictEqual(JSON.parse(text), JSON.parse(sent))) {
        throw new Error(
          `${route.method} ${route.url}: the answer holds more or other than its contract schema declares; ` +
            `production sends answers unparsed, so a handler must return exactly the contract's shape`,
        );
      }
      return text;
    };
  };
};
