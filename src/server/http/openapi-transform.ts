import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The zod schema transform for /openapi.json, keeping every `x-` mark of a route. The library's own
 * transform drops falsy values, which would hide `x-encrypted: false`.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = (input.schema ?? {}) as Record<string, unknown>;
  if ((result.schema as { hide?: boolean }).hide) return result;
  const marks = Object.entries(schema).filter(([key]) => key.startsWith('x-'));
  return { ...result, schema: { ...result.schema, ...Object.fromEntries(marks) } };
};
