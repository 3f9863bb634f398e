import { z } from 'zod';

/** Page number and size as query parameters (strings on the wire, coerced), 1-based. */
export const pageQuery = (defaultSize: number, maxSize: number) => ({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

export const TotalPages = z.number().int().nonnegative();

/** One page of an operator list: its rows, the page number, the page count and the row count. */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNum: z.number().int().positive(),
    totalPages: TotalPages,
    total: z.number().int().nonnegative(),
  });
