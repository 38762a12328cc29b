import { ErrorCode, type ShortUrl } from '@lantian/contracts';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { canonicalSitePath, hashOfPath, randomShortId, SHORT_ID_PATTERN } from './short-url-path';
import type { LinkUse, ShortUrlsRepository } from './short-urls.repository';

/** Draws of a fresh id before giving up: with 62^8 ids, even one collision is a rarity. */
const ID_ATTEMPTS = 5;

const present = (row: { id: string; url: string }): ShortUrl => ({
  id: row.id,
  shortPath: `/s/${row.id}`,
  url: row.url,
});

const DAY_SECONDS = 86_400;

/**
 * Short links: one random id per canonical site path, followed by a 302 to the path. Following a
 * link writes nothing: its use is noted in memory and written with the others by {@link flushUses}
 * (every minute, and when the server closes), so a flood of clicks costs reads, not writes.
 */
export class ShortUrlService {
  private uses = new Map<string, LinkUse>();

  constructor(
    private readonly repository: ShortUrlsRepository,
    private readonly now: () => number,
    private readonly newId: () => string = randomShortId,
  ) {}

  /** The id of a path, made on first request; the same path always gets the same id. */
  async shorten(input: string): Promise<ShortUrl> {
    const url = canonicalSitePath(input);
    if (url === undefined) throw invalidField('url', '应为以 / 开头的站内路径');
    const urlHash = hashOfPath(url);
    const known = await this.repository.byHash(urlHash);
    if (known !== undefined) {
      // Shared again: the link is in use even if nobody followed it lately.
      this.noteUse(known.id, 0);
      return present(known);
    }
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
      const id = this.newId();
      if (await this.repository.insertIfAbsent({ id, url, url_hash: urlHash, created_at: this.now() })) {
        return present({ id, url });
      }
      // Nothing written: either another request stored this path meanwhile, or the id was taken.
      const raced = await this.repository.byHash(urlHash);
      if (raced !== undefined) return present(raced);
    }
    throw new AppError(ErrorCode.INTERNAL, '短链接生成失败，请稍后重试');
  }

  /** The stored path of an id, or 404; the hit is noted in memory. */
  async resolve(id: string): Promise<string> {
    const row = SHORT_ID_PATTERN.test(id) ? await this.repository.byId(id) : undefined;
    if (row === undefined) throw notFound('短链接不存在或已失效');
    this.noteUse(row.id, 1);
    return row.url;
  }

  /** Writes the uses noted since the last flush; if that fails they are kept for the next one. */
  async flushUses(): Promise<number> {
    const batch = [...this.uses.values()];
    this.uses = new Map();
    try {
      await this.repository.recordUses(batch);
    } catch (err) {
      for (const use of batch) this.noteUse(use.id, use.hits, use.lastUsedAt);
      throw err;
    }
    return batch.length;
  }

  /** Deletes links unused for `retentionDays` (0: keeps them all); answers how many went. */
  async sweep(retentionDays: number): Promise<number> {
    if (retentionDays === 0) return 0;
    return this.repository.deleteUnusedSince(this.now() - retentionDays * DAY_SECONDS);
  }

  private noteUse(id: string, hits: number, at = this.now()): void {
    const use = this.uses.get(id);
    if (use === undefined) this.uses.set(id, { id, hits, lastUsedAt: at });
    else this.uses.set(id, { id, hits: use.hits + hits, lastUsedAt: Math.max(use.lastUsedAt, at) });
  }
}
