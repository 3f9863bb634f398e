import type { Banner } from '@shared/contract/system';

export type BannerSeed = Omit<Banner, 'id'>;

/** Banner artwork lives in public/static/banners/ (served at /static/banners/ by the client build). */
export const BANNERS: BannerSeed[] = [
  { groupName: 'w_home', url: '/static/banners/home-welcome.svg', linkageType: 'INTERNAL', linkTarget: '/register', title: 'Welcome bonus' },
  { groupName: 'w_home', url: '/static/banners/home-live-casino.svg', linkageType: 'INTERNAL', linkTarget: '/live', title: 'Live casino' },
  { groupName: 'w_home', url: '/static/banners/home-points-mall.svg', linkageType: 'INTERNAL', linkTarget: '/pointMall', title: 'Points mall' },
  { groupName: 'w_leftmenu', url: '/static/banners/leftmenu-promotions.svg', linkageType: 'INTERNAL', linkTarget: '/promotions', title: 'Promotions' },
  { groupName: 'w_reg', url: '/static/banners/reg-welcome.svg', linkageType: 'NONE', linkTarget: null, title: 'Join today' },
];
