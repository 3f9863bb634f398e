import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { http } from '@shared/contract/http';

/** Schema kinds whose output is not the value that came in. */
const CHANGING_KINDS = new Set(['default', 'prefault', 'transform', 'pipe', 'catch']);

const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

/** Paths inside `schema` where parsing would change the value: a default, a transform, a coercion... */
const valueChangingParts = (schema: z.ZodType): string[] => {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, at: string) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}[${i}]`));
    if (isSchema(node)) {
      const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
      if (CHANGING_KINDS.has(def.type) || def.coerce === true) found.push(`${at || '(root)'}: ${def.coerce ? 'coerce' : def.type}`);
      // A def's own keys (shape, element, innerType, options...) are not paths in the value.
      for (const child of Object.values(def)) visit(child, at);
      return;
    }
    if (typeof node === 'object' && node !== null) for (const [key, child] of Object.entries(node)) visit(child, at ? `${at}.${key}` : key);
  };
  visit(schema, '');
  return found;
};

describe('contract responses', () => {
  // The production client does not parse replies (src/client/lib/api-client.ts, issue 15): it can
  // take them as typed only if parsing would hand back the very value that came off the wire.
  it('change no value when parsed: no default, transform, coercion or catch in any response schema', () => {
    const changing = Object.entries(http).flatMap(([key, def]) => valueChangingParts(def.response).map((part) => `${key} ${part}`));
    expect(changing).toEqual([]);
  });

  it('would see a default or a transform in a response schema', async () => {
    const { z } = await import('zod');
    expect(valueChangingParts(z.object({ list: z.array(z.object({ n: z.number().default(0) })) }))).toEqual(['list.n: default']);
    expect(valueChangingParts(z.object({ at: z.string().transform((s) => new Date(s)) }))).toEqual(['at: pipe', 'at: transform']);
    expect(valueChangingParts(z.object({ n: z.coerce.number(), s: z.string().nullable() }))).toEqual(['n: coerce']);
  });
});
