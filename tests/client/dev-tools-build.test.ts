// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDER_HOOK, RECORDING_FLAG, SESSION_FORMAT } from '@client/dev/session-format';
import { buildClient, type BuiltClient } from '../helpers/client-build';

/**
 * What only the development build's tools contain: the session file's format name, the recorder's
 * hook and flag, its panel, the Stately inspector's window address, and their sources (in the
 * source maps). A production build must contain none of them.
 */
const DEV_TOOL_MARKS = [SESSION_FORMAT, RECORDER_HOOK, RECORDING_FLAG, 'Session recorder', 'dev-panel', 'stately.ai/inspect', 'src/client/dev/', '@statelyai/inspect'];

const marksIn = (built: BuiltClient) =>
  built.files().flatMap(({ name, text }) => DEV_TOOL_MARKS.filter((mark) => text.includes(mark)).map((mark) => `${name}: ${mark}`));

describe('the production build ships no dev tools', () => {
  let production: BuiltClient;
  let development: BuiltClient;
  beforeAll(async () => {
    // One after the other: two builds at once would only fight over this machine's cores.
    production = await buildClient('production');
    development = await buildClient('development');
  }, 600_000);
  afterAll(() => {
    production?.dispose();
    development?.dispose();
  });

  it('has neither the session recorder nor the Stately inspector in any file it serves, nor their sources in its source maps', () => {
    const files = production.files();
    expect(files.some(({ name }) => name.endsWith('.js')), 'the build wrote no script').toBe(true);
    expect(files.some(({ name }) => name.endsWith('.js.map')), 'the build wrote no source map').toBe(true);
    expect(marksIn(production)).toEqual([]);
  });

  it('while the development build of the same sources has every one of them (the check can see them)', () => {
    const found = new Set(marksIn(development).map((entry) => entry.slice(entry.indexOf(': ') + 2)));
    expect([...found].sort()).toEqual([...DEV_TOOL_MARKS].sort());
  });
});
