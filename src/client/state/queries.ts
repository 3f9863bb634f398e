import { useEffect } from 'react';
import { QueryClient, usePrefetchQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { EndpointKey, ResponseOf } from '@shared/contract/http';
import type { ApiCallError, AppApi, CallInput } from '@client/lib/api-client';
import { useApi } from './api';

/*
 * React Query is the client's cache of server reads, and only that: what a screen reads from the API
 * (lists, records, settings). Long-lived state is the app actor's (./app-actor.tsx).
 */

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A refused or unknown call will not change by asking again; a network failure may.
        retry: (failures, error) => failures < 2 && ['NETWORK', 'TIMEOUT'].includes((error as ApiCallError).code),
      },
    },
  });

export interface ApiQueryOptions {
  enabled?: boolean;
}

export const apiQueryKey = <K extends EndpointKey>(key: K, input?: CallInput<K>) => [key, input ?? null] as const;

/**
 * CONST-06: reads kept in session storage for the tab's session, whichever screen makes them: the
 * validation rules (the register settings, VAL-31). A screen is served the stored answer at once, and
 * the read is still made (once per page, as any stale read) to refresh it. Logout clears them with the
 * rest of session storage (AUTH-17). The merchant wallet, the other CONST-06 cache, is kept by
 * features/wallet/merchant-wallet.ts.
 */
export const SESSION_KEPT_READS: ReadonlySet<EndpointKey> = new Set<EndpointKey>(['registerSettings']);
/** The kept reads do not depend on the language: they are stored under this one. */
const ANY_LANGUAGE = '*';

/** A read through the contract table, cached by endpoint and input. */
export const useApiQuery = <K extends EndpointKey>(
  key: K,
  input?: CallInput<K>,
  options: ApiQueryOptions & {
    /**
     * Shown while the read has no answer of its own (not cached: it is no answer); typed with TanStack Query's own
     * bound (its NonFunctionGuard, not exported).
     */
    placeholderData?: ResponseOf<K> extends Function ? never : ResponseOf<K>;
  } = {},
): UseQueryResult<ResponseOf<K>, ApiCallError> => {
  const api = useApi();
  const kept = SESSION_KEPT_READS.has(key);
  const query = useQuery<ResponseOf<K>, ApiCallError>({
    queryKey: apiQueryKey(key, input),
    queryFn: () => api.call(key, input),
    enabled: options.enabled ?? true,
    placeholderData: options.placeholderData,
    // A stored answer counts as old: it is shown, and asked for again.
    ...(kept && { initialData: () => readSessionCache<ResponseOf<K>>(key, input, ANY_LANGUAGE), initialDataUpdatedAt: 0 }),
  });
  const { data } = query;
  const inputKey = kept ? serialise(input) : '';
  useEffect(() => {
    if (kept && data !== undefined) writeSessionCache(key, JSON.parse(inputKey), ANY_LANGUAGE, data);
  }, [kept, data, key, inputKey]);
  return query;
};

/** Starts `useApiQuery(key, input)`'s read before any screen asks for it: the screen then finds it under way or done. */
export const prefetchApiQuery = <K extends EndpointKey>(queryClient: QueryClient, api: AppApi, key: K, input?: CallInput<K>): Promise<void> =>
  queryClient.prefetchQuery<ResponseOf<K>, ApiCallError>({ queryKey: apiQueryKey(key, input), queryFn: () => api.call(key, input) });

/**
 * Starts `useApiQuery(key, input)`'s read from a component that does not show its answer (yet): the component does not
 * render again when the answer comes.
 */
export const usePrefetchApiQuery = <K extends EndpointKey>(key: K, input?: CallInput<K>): void => {
  const api = useApi();
  usePrefetchQuery<ResponseOf<K>, ApiCallError>({ queryKey: apiQueryKey(key, input), queryFn: () => api.call(key, input) });
};

/** `useApiQuery(key, input)`'s answer for an actor: from the cache while fresh (as a home page's reads are), else asked for. */
export const fetchApiQuery = <K extends EndpointKey>(queryClient: QueryClient, api: AppApi, key: K, input?: CallInput<K>): Promise<ResponseOf<K>> =>
  queryClient.fetchQuery<ResponseOf<K>, ApiCallError>({ queryKey: apiQueryKey(key, input), queryFn: () => api.call(key, input) });

/** Session-storage key of an endpoint's cached answers. */
export const sessionCacheKey = (key: EndpointKey): string => `apiCache:${key}`;

/** One endpoint's answers in one language, by serialised input. */
interface SessionCacheEntry {
  language: string;
  answers: Record<string, unknown>;
}

const readEntry = (key: EndpointKey, language: string): SessionCacheEntry => {
  const storageKey = sessionCacheKey(key);
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    if (raw !== null) {
      const entry = JSON.parse(raw) as SessionCacheEntry;
      if (entry.language === language && typeof entry.answers === 'object') return entry;
      // Answers in another language are stale: flush them.
      window.sessionStorage.removeItem(storageKey);
    }
  } catch {
    window.sessionStorage.removeItem(storageKey);
  }
  return { language, answers: {} };
};

const serialise = (input: unknown): string => JSON.stringify(input ?? null);

export const readSessionCache = <T>(key: EndpointKey, input: unknown, language: string): T | undefined =>
  readEntry(key, language).answers[serialise(input)] as T | undefined;

export const writeSessionCache = (key: EndpointKey, input: unknown, language: string, data: unknown): void => {
  const entry = readEntry(key, language);
  entry.answers[serialise(input)] = data;
  try {
    window.sessionStorage.setItem(sessionCacheKey(key), JSON.stringify(entry));
  } catch {
    // Storage full or refused: the in-memory query still serves this tab.
  }
};

/**
 * A read kept for the browser session (GAMES-29, GAMES-30): answers are stored in session storage
 * per language and served from there without asking again; when the language changes the stored
 * answers are flushed and loaded afresh.
 */
export const useSessionCachedQuery = <K extends EndpointKey>(
  key: K,
  input: CallInput<K>,
  language: string,
  options: ApiQueryOptions = {},
): UseQueryResult<ResponseOf<K>, ApiCallError> => {
  const api = useApi();
  const query = useQuery<ResponseOf<K>, ApiCallError>({
    queryKey: [key, input, language],
    queryFn: () => api.call(key, input),
    initialData: () => readSessionCache<ResponseOf<K>>(key, input, language),
    staleTime: Infinity,
    enabled: options.enabled ?? true,
  });
  const { data } = query;
  const inputKey = serialise(input);
  useEffect(() => {
    if (data !== undefined) writeSessionCache(key, JSON.parse(inputKey), language, data);
  }, [data, key, inputKey, language]);
  return query;
};
