import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import { MemberAdjustment } from '../components/member-adjustment';
import { QueryView } from '../components/ops-ui';
import { SearchBox } from '../components/list-filters';
import { formatMoney, formatPoints, parseAmount, parsePoints } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

const BalanceReason = http.opsAdjustBalance.body.shape.reason;
const PointsReason = http.opsAdjustPoints.body.shape.reason;

/** An adjustment of the main wallet with a reason; one request id per confirmation. */
function AdjustBalance({ account }: { account: string }) {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  return (
    <MemberAdjustment
      account={account}
      title={t('members.adjustTitle')}
      amountLabel={t('list.amount')}
      amountHint={t('members.amountHint')}
      amountInvalid={t('members.amountInvalid')}
      inputMode="decimal"
      parseAmount={parseAmount}
      formatAmount={(amount) => formatMoney(amount, i18n.language)}
      reasonSchema={BalanceReason}
      reasonHint={t('members.reasonHint')}
      confirmTitle={t('members.confirmTitle')}
      apply={async ({ amount, reason, requestId }) => {
        const { balance } = await act('opsAdjustBalance', { body: { account, amount, reason, requestId } });
        return t('members.adjusted', { amount: formatMoney(amount, i18n.language), balance: formatMoney(balance, i18n.language) });
      }}
    />
  );
}

/** An adjustment of the member's points with a reason, kept in the member's points details; one request id per confirmation. */
function AdjustPoints({ account }: { account: string }) {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  return (
    <MemberAdjustment
      account={account}
      title={t('members.pointsTitle')}
      amountLabel={t('members.points')}
      amountHint={t('members.pointsHint')}
      amountInvalid={t('members.pointsInvalid')}
      inputMode="numeric"
      parseAmount={parsePoints}
      formatAmount={(points) => formatPoints(points, i18n.language)}
      reasonSchema={PointsReason}
      reasonHint={t('members.pointsReasonHint')}
      confirmTitle={t('members.pointsConfirmTitle')}
      apply={async ({ amount, reason, requestId }) => {
        const { points } = await act('opsAdjustPoints', { body: { account, points: amount, reason, requestId } });
        return t('members.pointsAdjusted', { change: formatPoints(amount, i18n.language), points: formatPoints(points, i18n.language) });
      }}
    />
  );
}

function MemberWallet({ account }: { account: string }) {
  const { t, i18n } = useTranslation('operator');
  const wallet = useOpsQuery('opsMemberWallet', { query: { account } });
  return (
    <QueryView query={wallet}>
      {(found) => (
        <>
          <section className="ops-card" aria-labelledby="ops-wallet-title">
            <h2 id="ops-wallet-title" className="ops-card__title">
              {t('members.walletOf', { account: found.account })}
            </h2>
            <dl className="summary-list">
              <div>
                <dt>{t('members.memberId')}</dt>
                <dd>{found.memberId}</dd>
              </div>
              <div>
                <dt>{t('members.mainBalance')}</dt>
                <dd>{formatMoney(found.mainBalance, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('members.heldBalance')}</dt>
                <dd>{formatMoney(found.heldBalance, i18n.language)}</dd>
              </div>
            </dl>
            {found.wallets.length > 0 && (
              <>
                <h3 className="ops-subtitle">{t('members.vendorWallets')}</h3>
                <dl className="ops-wallets">
                  {found.wallets.map((vendor) => (
                    <div key={vendor.wallet}>
                      <dt>{vendor.wallet}</dt>
                      <dd>{formatMoney(vendor.balance, i18n.language)}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </section>
          <AdjustBalance key={`balance-${found.account}`} account={found.account} />
          <AdjustPoints key={`points-${found.account}`} account={found.account} />
        </>
      )}
    </QueryView>
  );
}

/** Member wallet lookup by account name, with the balance and points adjustments below it. */
export function MembersPage() {
  const { t } = useTranslation('operator');
  const [account, setAccount] = useState('');
  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <SearchBox label={t('members.lookup')} onSearch={setAccount} />
      </div>
      {account ? <MemberWallet account={account} /> : <p className="ops-empty">{t('members.lookupHint')}</p>}
    </div>
  );
}
