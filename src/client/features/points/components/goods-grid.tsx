import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@client/components/records/paged-records';
import { useApiQuery } from '@client/state/queries';
import type { MallAccount } from '../hooks/use-mall-account';
import { GoodsCard, type Reward } from './goods-card';
import { GoodsDialog } from './goods-dialog';

/**
 * The redeem tab (MEMBER-05, API-58): the goods a page at a time, open to visitors too; an item
 * opens its details with the redeem form. The open item follows the list as it refreshes (its
 * stock after a redeem) and stays open if it leaves the page.
 */
export function GoodsGrid({ account, signIn, onShowHistory }: { account: MallAccount; signIn: ReactNode; onShowHistory: () => void }) {
  const { t } = useTranslation('points');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Reward | null>(null);
  const rewards = useApiQuery('pointsRewardList', { query: { pageNo: page } });
  const current = opened ? (rewards.data?.list.find((r) => r.rewardId === opened.rewardId) ?? opened) : null;
  return (
    <>
      <PagedRecords query={rewards} filters={{ page, setPage }}>
        {(data) => (
          <ul className="goods-grid" aria-label={t('goods.caption')}>
            {data.list.map((reward) => (
              <li key={reward.rewardId}>
                <GoodsCard reward={reward} onOpen={() => setOpened(reward)} />
              </li>
            ))}
          </ul>
        )}
      </PagedRecords>
      {current && (
        <GoodsDialog
          key={current.rewardId}
          reward={current}
          account={account}
          signIn={signIn}
          onClose={() => setOpened(null)}
          onShowHistory={() => {
            setOpened(null);
            onShowHistory();
          }}
        />
      )}
    </>
  );
}
