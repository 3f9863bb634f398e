import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type ZodSchemaLike = z.ZodType | { properties: z.ZodType };

/**
 * Production: answers go out as JSON.stringify makes them, with no schema parsing (it cost about a tenth of a
 * lobby call). Development and tests parse every answer with its contract schema AND refuse one that parsing
 * would change (a field the contract does not declare, a default it fills in, a transform): so the tests
 * prove that what production sends unparsed is exactly what the contract says.
 */
export const responseSerializerCompiler = (nodeEnv: 'development' | 'production' | 'test'): FastifySerializerCompiler<ZodSchemaLike> => {
  if (nodeEnv === 'production') return () => (data) => JSON.stringify(data);
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
