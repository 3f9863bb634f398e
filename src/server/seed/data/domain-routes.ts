import type { DomainRoute } from '@shared/contract/system';

/** Mirror sites on the reserved `.example` domain; the operator lists the merchant's real ones. */
export const DOMAIN_ROUTES: DomainRoute[] = [
  { domain: 'demo.example', label: 'Main site', representative: true },
  { domain: 'm1.demo.example', label: 'Mirror 1', representative: false },
  { domain: 'm2.demo.example', label: 'Mirror 2', representative: false },
  { domain: 'm3.demo.example', label: 'Mirror 3', representative: false },
];
