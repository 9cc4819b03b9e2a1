/**
 * One's own post where reviewers look (a pull request's comment, the watch's issue, a merge
 * request's note): found again among the place's posts, page by page, by a predicate that knows
 * the platform's authors (the token's user, never anyone else, even one who copies the marker);
 * updated in place, or created; a creation whose answer was lost looked up again, never sent
 * twice; and whatever fails said as one warning, never a change of the run's result. The
 * platforms' adapters: github/octokit.ts (comments and issues) and gitlab/note.ts (notes).
 */
import type { Message } from '../engine/index.ts';

/** The first post, page by page, that is one's own. Stops at the page that has it. */
export async function findOwn<P>(
  pages: AsyncIterable<readonly P[]>,
  isOwn: (post: P) => boolean,
): Promise<P | undefined> {
  for await (const page of pages) {
    const own = page.find(isOwn);
    if (own !== undefined) return own;
  }
  return undefined;
}

/** What a place lets one do with one's own post: `F` as a listing finds it, `W` as a write answers. */
export interface OwnPost<F, W> {
  /** One's own post, if there is one. */
  find(): Promise<F | undefined>;
  update(post: F): Promise<W>;
  create(): Promise<W>;
}

/** One's own post updated in place, or created: which it was, and the post as the platform answered. */
export async function keepOwn<F, W>(place: OwnPost<F, W>): Promise<{ post: W; created: boolean }> {
  const own = await place.find();
  return own === undefined
    ? { post: await place.create(), created: true }
    : { post: await place.update(own), created: false };
}

/**
 * A creation sent once. Its answer lost (no status, or a 5xx), the post may be there all the
 * same: looked up again, and the failure stands only when it is not.
 */
export async function createOnce<P>(
  create: () => Promise<P>,
  find: () => Promise<P | undefined>,
  statusOf: (error: unknown) => number | undefined,
): Promise<P> {
  try {
    return await create();
  } catch (error) {
    const status = statusOf(error);
    const found = status === undefined || status >= 500 ? await find() : undefined;
    if (found === undefined) throw error;
    return found;
  }
}

/** Runs the posting; whatever fails is one warning (`failure` words it), never a change of the result. */
export async function warnOnFailure(
  write: (message: Message) => void,
  failure: (error: unknown) => string,
  posting: () => Promise<void>,
): Promise<void> {
  try {
    await posting();
  } catch (error) {
    write({ level: 'warning', text: failure(error) });
  }
}
