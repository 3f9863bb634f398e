import type { ComponentType } from 'react';
import type { BusStreams } from '@machines/app/bus-bridge';
import { startAnnouncementPopups } from '@client/features/announcements/announcement-popups';
import { LiveUpdates } from '@client/features/wallet/components/live-updates';
import { screen } from './screen';
import { provideSlot, type PopupContentProps } from './slots';

type WithBus = { bus: BusStreams };
type NoProps = Record<string, never>;

/** Each page is its own chunk (SHELL-51), loaded when first shown. */
const page = <P extends object>(load: () => Promise<ComponentType<P>>) => screen<P>(() => load().then((component) => ({ default: component })));

const TransferFundPage = page<NoProps>(() => import('@client/features/wallet/components/transfer-fund-page').then((m) => m.TransferFundPage));
const DepositPage = page<WithBus>(() => import('@client/features/wallet/components/deposit-page').then((m) => m.DepositPage));
const WithdrawPage = page<WithBus>(() => import('@client/features/wallet/components/withdraw-page').then((m) => m.WithdrawPage));
const AccountRecordPage = page<NoProps>(() => import('@client/features/records/components/account-record-page').then((m) => m.AccountRecordPage));
const BettingRecordPage = page<NoProps>(() => import('@client/features/records/components/betting-record-page').then((m) => m.BettingRecordPage));
const ProfitLossPage = page<NoProps>(() => import('@client/features/records/components/profit-loss-page').then((m) => m.ProfitLossPage));
const BonusDetailsPage = page<NoProps>(() => import('@client/features/records/components/bonus-details-page').then((m) => m.BonusDetailsPage));
const ManualRebatePage = page<NoProps>(() => import('@client/features/records/components/manual-rebate-page').then((m) => m.ManualRebatePage));
const MessageCenterPage = page<WithBus>(() => import('@client/features/messages/components/message-center-page').then((m) => m.MessageCenterPage));
const NoticeModalContent = page<PopupContentProps<'noticeModal'> & WithBus>(() =>
  import('@client/features/messages/components/notice-modal-content').then((m) => m.NoticeModalContent),
);
const PublicModalContent = page<PopupContentProps<'publicModal'>>(() =>
  import('@client/features/announcements/components/public-modal-content').then((m) => m.PublicModalContent),
);

/**
 * Starts the money and news side of the player area at app start (STYLE.md C4): the member-center
 * money, record and message pages, the notice and announcement modals, the balance and counts that
 * follow the bus while a session lives (`liveUpdates`), and the announcement popups.
 * Returns a stop function (tests start a fresh app per case).
 */
export const startMemberCenter = ({ bus }: WithBus): (() => void) => {
  provideSlot('liveUpdates', () => <LiveUpdates bus={bus} />);
  provideSlot('member:transferFund', TransferFundPage);
  provideSlot('member:depositv2', () => <DepositPage bus={bus} />);
  provideSlot('member:withdraw', () => <WithdrawPage bus={bus} />);
  provideSlot('member:transactionHistory', AccountRecordPage);
  provideSlot('member:personalHistoryCopy', BettingRecordPage);
  provideSlot('member:personalProfit', ProfitLossPage);
  provideSlot('member:bonusDetails', BonusDetailsPage);
  provideSlot('member:manualRebate', ManualRebatePage);
  provideSlot('member:messageV2', () => <MessageCenterPage bus={bus} />);
  provideSlot('popup:noticeModal', (props: PopupContentProps<'noticeModal'>) => <NoticeModalContent {...props} bus={bus} />);
  provideSlot('popup:publicModal', PublicModalContent);
  return startAnnouncementPopups({ bus });
};
