/**
 * DEMO GOODS of the points mall, seeded with SEED_DEMO only (production starts with an empty mall,
 * which the operators fill). Images are the SVGs under public/static/points/, one per item. Cash is
 * in cents, per item, paid from the main wallet besides the points.
 */
export interface DemoGoodsItem {
  name: string;
  type: 'PHYSICAL' | 'VOUCHER';
  image: string;
  description: string;
  pointsRequired: number;
  amountRequired: number;
  stock: number;
}

export const DEMO_GOODS: readonly DemoGoodsItem[] = [
  {
    name: 'Coffee voucher 50K',
    type: 'VOUCHER',
    image: 'coffee-voucher.svg',
    description:
      '<p>A 50,000 ₫ e-voucher for any drink at partner coffee shops.</p><ul><li>Sent by SMS to the mobile number you give</li><li>Valid for 90 days from delivery</li></ul>',
    pointsRequired: 2_000,
    amountRequired: 0,
    stock: 200,
  },
  {
    name: 'Mobile top-up 100K',
    type: 'VOUCHER',
    image: 'mobile-topup.svg',
    description: '<p>100,000 ₫ of airtime for any local network, credited to the mobile number you give within 24 hours.</p>',
    pointsRequired: 4_500,
    amountRequired: 0,
    stock: 500,
  },
  {
    name: 'Cinema tickets for two',
    type: 'VOUCHER',
    image: 'cinema-tickets.svg',
    description: '<p>Two standard 2D tickets, any film, any day.</p><p>The booking code arrives by SMS; show it at the counter.</p>',
    pointsRequired: 3_500,
    amountRequired: 0,
    stock: 100,
  },
  {
    name: 'Supermarket gift card 200K',
    type: 'VOUCHER',
    image: 'gift-card.svg',
    description: '<p>A 200,000 ₫ gift card, accepted at partner supermarkets nationwide.</p><ul><li>Delivered to your receiving address</li><li>No expiry date</li></ul>',
    pointsRequired: 7_500,
    amountRequired: 0,
    stock: 80,
  },
  {
    name: 'RoyalWin hoodie',
    type: 'PHYSICAL',
    image: 'hoodie.svg',
    description: '<p>A warm cotton hoodie with the RoyalWin crown.</p><p>Sizes M to XXL: tell our support team yours after redeeming.</p>',
    pointsRequired: 8_000,
    amountRequired: 0,
    stock: 40,
  },
  {
    name: 'Wireless earbuds',
    type: 'PHYSICAL',
    image: 'earbuds.svg',
    description: '<p>True wireless earbuds with a charging case.</p><ul><li>Bluetooth 5.3</li><li>Up to 24 hours with the case</li><li>One-year warranty</li></ul>',
    pointsRequired: 12_000,
    amountRequired: 0,
    stock: 25,
  },
  {
    name: 'Bluetooth speaker',
    type: 'PHYSICAL',
    image: 'speaker.svg',
    description: '<p>A splash-proof portable speaker with 12 hours of play.</p>',
    pointsRequired: 18_000,
    amountRequired: 0,
    stock: 15,
  },
  {
    name: 'Smart watch',
    type: 'PHYSICAL',
    image: 'smart-watch.svg',
    description: '<p>Heart rate, sleep and step tracking, with notifications from your phone.</p><ul><li>Up to 7 days per charge</li><li>Water resistant (5 ATM)</li></ul>',
    pointsRequired: 20_000,
    amountRequired: 500_00,
    stock: 10,
  },
  {
    name: 'Gaming headset',
    type: 'PHYSICAL',
    image: 'gaming-headset.svg',
    description: '<p>Over-ear headset with a detachable microphone and 7.1 surround sound.</p><p>Back in stock soon.</p>',
    pointsRequired: 15_000,
    amountRequired: 0,
    stock: 0,
  },
];

/** The demo player's welcome grant: enough to redeem a few vouchers and try a conversion. */
export const DEMO_WELCOME_POINTS = 25_000;
