import type { ReactNode } from 'react';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@client/components/records/query-states';
import { SafeHtml } from '@client/components/safe-html';
import { ScreenLoader } from '@client/components/spinner';
import { formatMoney } from '@client/lib/money';
import { useApiQuery } from '@client/state/queries';
import type { MallAccount } from '../hooks/use-mall-account';
import { formatPoints } from '../points-rules';
import { ConvertForm } from './convert-form';

/**
 * Points rules (MEMBER-05, API-61): the operator's HTML rules (sanitised), the conversion ratio and
 * minimum, the statement that points never expire (MEMBER-09), and the conversion form.
 */
export function PointsRulesPanel({ account, signIn }: { account: MallAccount; signIn: ReactNode }) {
  const { t, i18n } = useTranslation(['points', 'common']);
  const config = useApiQuery('pointsConfig');
  return (
    <QueryStates query={config}>
      {(rules) => (
        <div className="money-columns points-rules">
          <section className="money-card" aria-labelledby="points-rules-title">
            <h3 id="points-rules-title" className="money-card__title">
              <ScrollText aria-hidden size={18} />
              {t('points:rules.title')}
            </h3>
            <dl className="summary-list">
              <div>
                <dt>{t('points:rules.ratio')}</dt>
                <dd>{t('points:rules.ratioText', { ratio: formatPoints(rules.ratio, i18n.language), unit: formatMoney(1, i18n.language) })}</dd>
              </div>
              <div>
                <dt>{t('points:rules.minimum')}</dt>
                <dd>{t('points:rules.minimumText', { points: formatPoints(rules.minConvertPoints, i18n.language) })}</dd>
              </div>
              <div>
                <dt>{t('points:rules.expiry')}</dt>
                <dd>{t('points:rules.neverExpire')}</dd>
              </div>
            </dl>
            {rules.rules.trim() ? <SafeHtml html={rules.rules} className="rich-text" /> : <p className="rich-text">{t('points:rules.noRules')}</p>}
          </section>
          {account === 'restoring' ? (
            <ScreenLoader label={t('common:loading')} />
          ) : account === 'visitor' ? (
            signIn
          ) : (
            <ConvertForm account={account} ratio={rules.ratio} minConvertPoints={rules.minConvertPoints} />
          )}
        </div>
      )}
    </QueryStates>
  );
}
