import type { Resource } from '@shared/contract/system';

/**
 * How the client reads the configured resources (permission.resources) by resourceType,
 * compared without regard to case: app downloads (IOS, ANDROID, LITE: the lite profile app), and social links.
 */
export const DOWNLOAD_RESOURCE_TYPES = { ios: 'IOS', android: 'ANDROID', lite: 'LITE' } as const;
export type DownloadPlatform = keyof typeof DOWNLOAD_RESOURCE_TYPES;
/** The apps of the download screen, in its order (MEMBER-22): the iOS app, the Android app and the lite profile app. */
export const DOWNLOAD_PLATFORMS: readonly DownloadPlatform[] = ['ios', 'android', 'lite'];
export const SOCIAL_RESOURCE_TYPES = ['FACEBOOK', 'TELEGRAM', 'INSTAGRAM', 'YOUTUBE', 'TWITTER', 'X', 'TIKTOK', 'LINE', 'WHATSAPP', 'ZALO'] as const;
export type SocialResourceType = (typeof SOCIAL_RESOURCE_TYPES)[number];

const typeIs = (resource: Resource, type: string) => resource.resourceType.toUpperCase() === type;

export const downloadResource = (resources: readonly Resource[], platform: DownloadPlatform): Resource | null =>
  resources.find((r) => typeIs(r, DOWNLOAD_RESOURCE_TYPES[platform]) && r.url.trim() !== '') ?? null;

export const socialResources = (resources: readonly Resource[]): Resource[] =>
  resources.filter((r) => SOCIAL_RESOURCE_TYPES.some((t) => typeIs(r, t)) && r.url.trim() !== '');
