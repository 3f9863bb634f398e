import type { CustomerServiceEntry } from '@shared/contract/system';

/**
 * Customer-service entries. The demo's addresses are on the reserved `.example` domain and
 * `t.me`/`m.me` handles an operator replaces with the merchant's own.
 */
export const CUSTOMER_SERVICE: CustomerServiceEntry[] = [
  { csType: 'LIVECHAT', title: 'Live chat 24/7', path: 'https://livechat.demo.example/chat' },
  { csType: 'TELEGRAM', title: 'Telegram support', path: 'https://t.me/demo_support' },
  { csType: 'FACEBOOK', title: 'Facebook Messenger', path: 'https://m.me/demo.support' },
];
