import { ErrorCode, type ShortUrl } from '@lantian/contracts';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { canonicalSitePath, hashOfPath, randomShortId, SHORT_ID_PATTERN } from './short-url-path';
import type { ShortUrlsRepository } from './short-urls.repository';

/** Draws of a fresh id before giving up: with 62^8 ids, even one collision is a rarity. */
const ID_ATTEMPTS = 5;

const present = (row: { id: string; url: string }): ShortUrl => ({
  id: row.id,
  shortPath: `/s/${row.id}`,
  url: row.url,
});

/** Short links: one random id per canonical site path, followed by a 302 to the path. */
export class ShortUrlService {
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
    if (known !== undefined) return present(known);
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

  /** The stored path of an id (and one more hit), or 404. */
  async resolve(id: string): Promise<string> {
    const row = SHORT_ID_PATTERN.test(id) ? await this.repository.byId(id) : undefined;
    if (row === undefined) throw notFound('短链接不存在或已失效');
    await this.repository.countHit(row.id);
    return row.url;
  }
}
