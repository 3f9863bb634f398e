import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from a contract schema, through zod 4's own JSON Schema export (the
 * zod→fast-check libraries are written for zod 3). `plausible` values follow the schema, leaning on its
 * edges (shortest and longest strings, smallest and largest numbers); `hostile` values break it on
 * purpose (wrong types, one past each bound, NUL, unicode, huge strings, injection strings); `request`
 * mixes the two field by field, so most requests get past some checks and fail at the next.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: unknown;
};

export const toJsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Strings that have broken servers before: NUL, surrogates, direction marks, SQL, markup, templates, paths. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  'e\u0301\u0301\u0301',
  '\u200b\ufeff',
  '😀'.repeat(64),
  '𝕏'.repeat(300),
  "' OR '1'='1",
  "'; drop table members; --",
  '" or ""="',
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '\\',
  'null',
  '__proto__',
  'constructor',
  '-1',
  '1e400',
  'NaN',
  '9'.repeat(400),
  'x'.repeat(70_000),
];

const HOSTILE_NUMBERS = [-1, 0, -0, 0.001, 0.1 + 0.2, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), 2 ** 31, 4.999, 99999999.99];

/** Values of every JSON type, for fields that expect another. */
const wrongTyped = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, [], {}, [[]], { $gt: '' }, { toString: 'x' }, ['a', 1]),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.jsonValue({ maxDepth: 2 }),
  );

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

const lowerBound = (s: JsonSchema): number | undefined =>
  s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + (s.multipleOf ?? (typeOf(s) === 'integer' ? 1 : 1e-6)));
const upperBound = (s: JsonSchema): number | undefined =>
  s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - (s.multipleOf ?? (typeOf(s) === 'integer' ? 1 : 1e-6)));

const SAFE = Number.MAX_SAFE_INTEGER;

const plausibleNumber = (s: JsonSchema): fc.Arbitrary<number> => {
  const integer = typeOf(s) === 'integer';
  const step = s.multipleOf ?? (integer ? 1 : 0.01);
  const lo = Math.max(lowerBound(s) ?? -1_000_000, -SAFE);
  const hi = Math.min(upperBound(s) ?? 1_000_000, SAFE);
  if (lo > hi) return fc.constant(lo);
  const loSteps = Math.ceil(lo / step);
  const hiSteps = Math.floor(hi / step);
  const steps = fc.integer({ min: Math.max(loSteps, -SAFE), max: Math.min(Math.max(hiSteps, loSteps), SAFE) }).map((n) => Number((n * step).toFixed(6)));
  return fc.oneof({ arbitrary: steps, weight: 3 }, { arbitrary: fc.constantFrom(Number((loSteps * step).toFixed(6)), Number((hiSteps * step).toFixed(6))), weight: 1 });
};

const hostileNumber = (s: JsonSchema): fc.Arbitrary<unknown> => {
  const edges: number[] = [];
  const lo = lowerBound(s);
  const hi = upperBound(s);
  if (lo !== undefined) edges.push(lo - (s.multipleOf ?? 1), lo - 1e-9);
  if (hi !== undefined) edges.push(hi + (s.multipleOf ?? 1), hi + 1e-9);
  if (s.multipleOf) edges.push(s.multipleOf / 3, 1 + s.multipleOf / 2);
  if (typeOf(s) === 'integer') edges.push(1.5, -2.5);
  return fc.oneof(fc.constantFrom(...edges, ...HOSTILE_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }), wrongTyped());
};

/** Patterns that only forbid control characters (the contract's NUL guards) constrain nothing else. */
const isCharacterGuard = (pattern: string) => /^\^\[\^[^\]]*\]\*\$$/.test(pattern);

const plausibleString = (s: JsonSchema): fc.Arbitrary<string> => {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 64, 256);
  if (s.pattern && !isCharacterGuard(s.pattern)) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(s.pattern));
    } catch {
      matching = fc.string({ minLength, maxLength });
    }
    return matching.map((v) => (s.maxLength !== undefined ? v.slice(0, s.maxLength) : v));
  }
  const edges = [minLength, maxLength].map((n) => 'a'.repeat(n));
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }).map((v) => v.replace(/\u0000/g, '')), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(maxLength, 32)) }), weight: 1 },
    { arbitrary: fc.constantFrom(...edges), weight: 1 },
  );
};

const hostileString = (s: JsonSchema): fc.Arbitrary<unknown> => {
  const edges: string[] = [];
  if (s.minLength !== undefined && s.minLength > 0) edges.push('a'.repeat(s.minLength - 1));
  if (s.maxLength !== undefined) edges.push('a'.repeat(s.maxLength + 1), '😀'.repeat(s.maxLength));
  return fc.oneof({ arbitrary: fc.constantFrom(...edges, ...HOSTILE_STRINGS), weight: 3 }, { arbitrary: wrongTyped(), weight: 1 });
};

export interface ArbitraryOptions {
  /** Realistic values for fields by name (a live game session, a known account), so requests reach deeper. */
  hints?: Record<string, fc.Arbitrary<unknown>>;
  /** Chance that a leaf is hostile rather than plausible (request mode). */
  hostileWeight?: number;
}

type Mode = 'plausible' | 'request';

/** Several patterns on one string come as `allOf: [{ pattern }, …]`: the one that says most (not a NUL guard) stands for them. */
const mergePatterns = (s: JsonSchema): JsonSchema => {
  if (!s.allOf?.length || !s.allOf.every((part) => Object.keys(part).every((k) => k === 'pattern'))) return s;
  const patterns = s.allOf.map((part) => part.pattern!);
  const { allOf: _merged, ...rest } = s;
  return { ...rest, pattern: patterns.find((p) => !isCharacterGuard(p)) ?? patterns[0] };
};

const build = (schema: JsonSchema, mode: Mode, options: ArbitraryOptions, depth: number, field?: string): fc.Arbitrary<unknown> => {
  const s = mergePatterns(schema);
  const hint = field ? options.hints?.[field] : undefined;
  const leaf = (plausible: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => {
    const good = hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: plausible, weight: 1 }) : plausible;
    return mode === 'plausible' ? good : fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: hostile, weight: options.hostileWeight ?? 1 });
  };
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alt) => build(alt, mode, options, depth, field)));
  if (s.allOf?.length) return build(s.allOf[0]!, mode, options, depth, field);
  if (s.const !== undefined) return leaf(fc.constant(s.const), wrongTyped());
  if (s.enum?.length) return leaf(fc.constantFrom(...s.enum), fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), wrongTyped()));
  switch (typeOf(s)) {
    case 'string':
      return leaf(plausibleString(s), hostileString(s));
    case 'number':
    case 'integer':
      return leaf(plausibleNumber(s), hostileNumber(s));
    case 'boolean':
      return leaf(fc.boolean(), wrongTyped());
    case 'null':
      return leaf(fc.constant(null), wrongTyped());
    case 'array': {
      const item = s.items && depth < 4 ? build(s.items, mode, options, depth + 1, field) : fc.jsonValue({ maxDepth: 1 });
      const items = fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 8) });
      const tooMany = s.maxItems !== undefined ? fc.array(item, { minLength: s.maxItems + 1, maxLength: s.maxItems + 2 }) : wrongTyped();
      return leaf(items, fc.oneof(tooMany, wrongTyped()));
    }
    case 'object': {
      if (depth >= 4) return fc.constant({});
      const required = new Set(s.required ?? []);
      const props = Object.entries(s.properties ?? {});
      const model = Object.fromEntries(props.map(([name, sub]) => [name, build(sub, mode, options, depth + 1, name)]));
      // Required fields are present in plausible mode; in request mode any may be missing.
      const object = fc.record(model, { requiredKeys: mode === 'plausible' ? props.map(([n]) => n).filter((n) => required.has(n)) : [] });
      const withExtra = fc.tuple(object, fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'isAdmin', 'memberId'), wrongTyped(), { maxKeys: 2 }));
      return leaf(
        mode === 'plausible' ? object : fc.oneof({ arbitrary: object, weight: 4 }, { arbitrary: withExtra.map(([o, extra]) => ({ ...extra, ...o })), weight: 1 }),
        wrongTyped(),
      );
    }
    default:
      return leaf(fc.jsonValue({ maxDepth: 2 }), wrongTyped());
  }
};

/** Values that follow the schema (at its edges) and, with `hints`, realistic values for named fields. */
export const plausibleArbitrary = (schema: JsonSchema, options: ArbitraryOptions = {}) => build(schema, 'plausible', options, 0);

/** Requests built on the schema, each field plausible or hostile, sometimes with extra fields; sometimes a hostile whole. */
export const requestArbitrary = (schema: JsonSchema, options: ArbitraryOptions = {}) =>
  fc.oneof({ arbitrary: build(schema, 'request', options, 0), weight: 5 }, { arbitrary: wrongTyped(), weight: 1 });
