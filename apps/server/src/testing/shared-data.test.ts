import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedDir } from './shared-data';

describe('shared data location', () => {
  it('is $LANTIAN_SHARED_DIR when set', () => {
    expect(sharedDir({ LANTIAN_SHARED_DIR: '/data/shared' })).toBe(path.resolve('/data/shared'));
  });

  it('is otherwise shared/ beside the repository, whatever the working directory', () => {
    const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    expect(sharedDir({})).toBe(path.join(path.dirname(repoRoot), 'shared'));
    expect(sharedDir({ LANTIAN_SHARED_DIR: '  ' })).toBe(path.join(path.dirname(repoRoot), 'shared'));
  });
});
