import type { Resource } from '@shared/contract/system';

/**
 * Social links and app downloads. ANDROID and IOS feed the side menu's QR panel (SHELL-38);
 * LITE is the lite profile app of the download screen (MEMBER-22).
 */
export const RESOURCES: Resource[] = [
  { resourceType: 'FACEBOOK', url: 'https://facebook.com/demo.example', labelNameEn: 'Facebook' },
  { resourceType: 'TELEGRAM', url: 'https://t.me/demo_channel', labelNameEn: 'Telegram' },
  { resourceType: 'YOUTUBE', url: 'https://youtube.com/@demo.example', labelNameEn: 'YouTube' },
  { resourceType: 'INSTAGRAM', url: 'https://instagram.com/demo.example', labelNameEn: 'Instagram' },
  { resourceType: 'ANDROID', url: 'https://demo.example/download/android', labelNameEn: 'Android app' },
  { resourceType: 'IOS', url: 'https://demo.example/download/ios', labelNameEn: 'iOS app' },
  { resourceType: 'LITE', url: 'https://demo.example/download/lite', labelNameEn: 'Lite profile app' },
];
