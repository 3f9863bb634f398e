// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLIENT = fileURLToPath(new URL('../../../src/client', import.meta.url));

/** The text from `open` (a `(` or a `<`) to its matching close, brackets and braces balanced. */
const balancedFrom = (text: string, start: number, open: '(' | '<'): string => {
  const close = open === '(' ? ')' : '>';
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '(' || c === '{' || c === '[' || (open === '<' && c === '<' && depth === 0)) depth += 1;
    else if (c === ')' || c === '}' || c === ']' || (open === '<' && c === '>' && depth === 1)) {
      depth -= 1;
      if (depth === 0 && c === close) return text.slice(start, i + 1);
    }
  }
  return text.slice(start);
};

/** Every place the client starts an actor: createActor and useActorRef calls, and the Providers of actor contexts. */
const actorCreations = () =>
  (fs.readdirSync(CLIENT, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !name.startsWith(`dev${path.sep}`))
    .flatMap((name) => {
      const text = fs.readFileSync(path.join(CLIENT, name), 'utf8');
      return [...text.matchAll(/\b(?:createActor|useActorRef)\(|<\w+Provider\s+logic=/g)].map((match) => {
        const call = match[0].startsWith('<') ? balancedFrom(text, match.index, '<') : balancedFrom(text, match.index + match[0].length - 1, '(');
        return { where: `${name}: ${match[0]}`, call };
      });
    });

describe('live inspection of every actor in development builds', () => {
  it('creates every actor of the client with actorOptions, so the recorder and the Stately inspector hear all of them', () => {
    const creations = actorCreations();
    expect(creations.length).toBeGreaterThan(10);
    expect(creations.filter(({ call }) => !call.includes('actorOptions')).map(({ where, call }) => `${where} ${call.slice(0, 120)}`)).toEqual([]);
  });
});
