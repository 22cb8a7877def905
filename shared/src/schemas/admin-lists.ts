// The paginated admin lists' query: page numbers (?page=&pageSize=&q=) or a keyset cursor (decision 236).
import { z } from 'zod';
import { ONE_CURSOR_MESSAGE, cursorParams, maxPage } from './paging.ts';

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** ?page=&pageSize=&q= of the paginated admin lists. */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(maxPage(ADMIN_PAGE_SIZE), `page must be at most ${maxPage(ADMIN_PAGE_SIZE)}`)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, 'pageSize must be at least 1')
    .max(ADMIN_MAX_PAGE_SIZE, `pageSize must be at most ${ADMIN_MAX_PAGE_SIZE}`)
    .default(ADMIN_PAGE_SIZE),
  q: z.string().trim().max(254, 'Search text is too long').optional().default(''),
});
export type ListQuery = z.output<typeof listQuerySchema>;

/**
 * An admin list read by keyset (decision 236): ?after= / ?before= (a row's id) and no page cap with a
 * cursor (`page` then only names the page); without one, page numbers as listQuerySchema bounds them.
 */
export const keysetListShape = {
  ...listQuerySchema.shape,
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  ...cursorParams,
};
/** Without a cursor, `page` is bounded as in listQuerySchema; with one it only names the page. */
export function checkKeysetList(q: { page: number; after?: number; before?: number }, ctx: z.RefinementCtx): void {
  if (q.after !== undefined && q.before !== undefined) ctx.addIssue({ code: 'custom', path: ['before'], message: ONE_CURSOR_MESSAGE });
  const max = maxPage(ADMIN_PAGE_SIZE);
  if (q.after === undefined && q.before === undefined && q.page > max) ctx.addIssue({ code: 'custom', path: ['page'], message: `page must be at most ${max}` });
}
export const keysetListQuerySchema = z.object(keysetListShape).superRefine(checkKeysetList);
