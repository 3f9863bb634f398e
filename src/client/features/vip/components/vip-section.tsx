import { useState } from 'react';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VipStatus } from '@shared/contract/vip';
import { ErrorNotice } from '@client/components/error-notice';
import { FormAlert } from '@client/components/form';
import { formatDateTime } from '@client/lib/format';
import { formatMoney } from '@client/lib/money';
import { useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { useClaimVipBonus } from '../hooks/use-vip';
import '../vip.css';

/** How far the member is from the last level reached to the next, in whole percent (100 at the top). */
export const progressPercent = (status: Pick<VipStatus, 'levels' | 'rank' | 'turnover' | 'next'>): number => {
  if (!status.next) return 100;
  const from = status.levels.find((l) => l.rank === status.rank)?.turnover ?? 0;
  const span = status.next.turnover - from;
  return span <= 0 ? 100 : Math.max(0, Math.min(100, Math.floor(((status.turnover - from) / span) * 100)));
};

function VipBody({ status }: { status: VipStatus }) {
  const { t, i18n } = useTranslation(['vip', 'errors']);
  const claim = useClaimVipBonus();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const percent = progressPercent(status);

  const take = (bonusId: number) => {
    setNotice(null);
    setFailure(null);
    claim.mutate(
      { bonusId },
      { onSuccess: (reply) => setNotice(t('vip:credited', { amount: money(reply.amount) })), onError: (error) => setFailure(t(`errors:${error.code}`)) },
    );
  };

  return (
    <>
      <p className="vip-section__level" data-testid="vip-level">
        {status.rank > 0 ? t('vip:current', { name: status.name, rank: status.rank }) : t('vip:none')}
      </p>
      <p>{t('vip:turnover', { amount: money(status.turnover) })}</p>
      <div className="vip-section__bar" role="progressbar" aria-label={t('vip:progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className="vip-section__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="form-field__hint">
        {status.next ? t('vip:next', { name: status.next.name, rank: status.next.rank, needed: money(status.next.needed) }) : t('vip:top')}
      </p>
      <div aria-live="polite">
        {notice && <FormAlert tone="info">{notice}</FormAlert>}
        {failure && <FormAlert>{failure}</FormAlert>}
      </div>
      {status.bonuses.length > 0 && (
        <>
          <h3 className="vip-section__subtitle">{t('vip:bonuses')}</h3>
          <ul className="vip-section__bonuses">
            {status.bonuses.map((bonus) => (
              <li key={bonus.bonusId} className="vip-bonus" data-testid={`vip-bonus-${bonus.bonusId}`}>
                <span>
                  {t('vip:bonus', { name: bonus.name, rank: bonus.rank, amount: money(bonus.amount) })}
                  {bonus.claimedAt && <span className="form-field__hint"> {t('vip:claimedAt', { time: formatDateTime(bonus.claimedAt) })}</span>}
                </span>
                {bonus.claimedAt ? (
                  <span className="status-tag status-tag--neutral">{t('vip:claimed')}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--primary button--compact"
                    disabled={claim.isPending}
                    onClick={() => take(bonus.bonusId)}
                    aria-label={t('vip:claimLabel', { name: bonus.name, amount: money(bonus.amount) })}
                  >
                    {t('vip:claim')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="vip-section__subtitle">{t('vip:levels')}</h3>
      <table className="vip-levels">
        <caption className="visually-hidden">{t('vip:levels')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('vip:level')}</th>
            <th scope="col">{t('vip:threshold')}</th>
            <th scope="col">{t('vip:upgradeBonus')}</th>
          </tr>
        </thead>
        <tbody>
          {status.levels.map((level) => (
            <tr key={level.rank} aria-current={level.rank === status.rank ? 'true' : undefined} className={level.rank === status.rank ? 'is-current' : undefined}>
              <th scope="row">{t('vip:levelName', { name: level.name, rank: level.rank })}</th>
              <td>{money(level.turnover)}</td>
              <td>{level.upgradeBonus > 0 ? money(level.upgradeBonus) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * MEMBER-16: the member's VIP level (name and rank), their settled turnover and what the next level
 * needs, the upgrade bonuses with their Claim buttons, and the ladder of levels. Shown only when VIP
 * is on: a real member, and at least one level defined.
 */
export function VipSection() {
  const { t } = useTranslation('vip');
  const { status: session } = useSessionInfo();
  const vip = useApiQuery('vipStatus', undefined, { enabled: session === 'loggedIn' });
  if (session !== 'loggedIn') return null;
  if (vip.isError) return <ErrorNotice error={vip.error} onRetry={() => void vip.refetch()} />;
  if (!vip.data || vip.data.levels.length === 0) return null;
  return (
    <section className="vip-section card" aria-labelledby="vip-title" id="vip" data-testid="vip-section">
      <h2 id="vip-title" className="vip-section__title">
        <Crown aria-hidden size={18} /> {t('title')}
      </h2>
      <VipBody status={vip.data} />
    </section>
  );
}
