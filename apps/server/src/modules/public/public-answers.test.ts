import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AnswerDigest, publicAnswerDigests } from '../../testing/public-answers';

/**
 * The public answers, byte for byte, as they were before answers were prepared and kept as bytes
 * (issue 17): the golden digests were recorded from the code before that change over the same demo
 * country and clock. With the cache off (built per request) and on (built once, then served as kept
 * bytes) every answer must match them.
 */
const golden = JSON.parse(
  readFileSync(new URL('../../testing/fixtures/public-answers.golden.json', import.meta.url), 'utf8'),
) as Record<string, AnswerDigest>;

describe('public answers are the same bytes, cached or not', () => {
  it.each([
    ['built per request', {}],
    ['prepared and kept', { RESPONSE_CACHE_MS: '3600000' }],
  ])(
    '%s',
    async (_name, env) => {
      const digests = await publicAnswerDigests(env);
      expect(Object.keys(digests)).toEqual(Object.keys(golden));
      for (const [call, digest] of Object.entries(digests))
        expect({ call, ...digest }).toEqual({ call, ...golden[call] });
    },
    60_000,
  );
});
