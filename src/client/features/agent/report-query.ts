/** A report's export call takes the page's filters without the paging. */
export const withoutPaging = <Q extends { pageNo: number }>(query: Q | null): Omit<Q, 'pageNo'> | null => {
  if (!query) return null;
  const { pageNo: _pageNo, ...filters } = query;
  return filters;
};
