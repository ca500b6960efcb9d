/**
 * A list's pages read in order with read-ahead: the pages after the first are requested
 * concurrently (`lookahead` at a time; the rate limiter spaces them) and yielded in page order,
 * following the total that the latest page states. Breaking out of the loop, or a page failing,
 * cancels the rest. Whatever a page is (parsed items, or the text a worker thread reads), only its
 * numbers steer the reading.
 */
import { setMaxListeners } from 'node:events';
import { ApiError } from '../kernel/errors';
import type { PageNumbers } from './list-response';

type Settled<P> = { page: P } | { error: unknown };

export interface PagesInOrder {
  /** The first page to read (the query's page, or 1). */
  first: number;
  /** Read exactly these pages, in this order, instead. */
  pages?: number[];
  lookahead: number;
  /** Stops the reading (the caller's, the session's). */
  signal: AbortSignal;
}

export function validatePages(pages: unknown): number[] {
  if (!Array.isArray(pages) || pages.some((p) => typeof p !== 'number' || !Number.isInteger(p) || p < 1)) {
    throw new ApiError('bad-request', { field: 'pages', message: 'Invalid invoice query: "pages" must be a list of whole numbers of at least 1.' });
  }
  return pages as number[];
}

/** `read(page, signal)` requests one page; `signal` aborts when the reading stops. */
export async function* pagesInOrder<P extends Pick<PageNumbers, 'currentPage' | 'totalPages'>>(plan: PagesInOrder, read: (page: number, signal: AbortSignal) => Promise<P>): AsyncGenerator<P, void, undefined> {
  const controller = new AbortController();
  const signal = AbortSignal.any([plan.signal, controller.signal]);
  setMaxListeners(0, signal);
  const pending = new Map<number, Promise<Settled<P>>>();
  const start = (page: number): void => {
    pending.set(
      page,
      read(page, signal).then(
        (result): Settled<P> => ({ page: result }),
        (error: unknown) => ({ error }),
      ),
    );
  };
  const take = async (page: number): Promise<P> => {
    const settled = await (pending.get(page) as Promise<Settled<P>>);
    pending.delete(page);
    if ('error' in settled) throw settled.error;
    return settled.page;
  };

  try {
    if (plan.pages) {
      const explicit = plan.pages;
      let next = 0;
      for (let i = 0; i < explicit.length; i += 1) {
        while (next < explicit.length && next < i + plan.lookahead) {
          start(explicit[next] as number);
          next += 1;
        }
        yield await take(explicit[i] as number);
      }
      return;
    }

    start(plan.first);
    const first = await take(plan.first);
    yield first;
    if (first.currentPage >= first.totalPages) return;

    let known = first.totalPages;
    let cursor = plan.first + 1;
    const fill = (): void => {
      while (cursor <= known && pending.size < plan.lookahead) {
        start(cursor);
        cursor += 1;
      }
    };
    fill();
    for (let expect = plan.first + 1; expect <= known; expect += 1) {
      const page = await take(expect);
      yield page;
      // The set may have grown or shrunk while we read: follow what the latest page says.
      if (page.totalPages > known) known = page.totalPages;
      if (page.currentPage >= page.totalPages) break;
      fill();
    }
  } finally {
    // Consumer broke out, a page failed, or we are done: cancel read-ahead and silence its outcome.
    controller.abort(new ApiError('cancelled', { message: 'The page read was stopped.' }));
    await Promise.allSettled(pending.values());
  }
}
