import { isDeepStrictEqual } from 'node:util';
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
