import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTabs } from '@client/components/form';
import { useMallAccount } from '../hooks/use-mall-account';
import { GoodsGrid } from './goods-grid';
import { MemberOnly } from './member-only';
import { PointsDetails } from './points-details';
import { PointsHeader } from './points-header';
import { PointsRulesPanel } from './points-rules-panel';
import { RedeemHistory } from './redeem-history';
import '../points.css';

const TABS = ['redeem', 'history', 'details', 'rules'] as const;
type MallTab = (typeof TABS)[number];

/**
 * The points mall (MEMBER-05..09): the points held, and the tabs redeem (the goods), redeem
 * history, points details and points rules with the conversion. Visitors browse the goods and the
 * rules; `signIn(text)` is the app's log-in prompt, which the route composes in.
 */
export function PointsMall({ signIn }: { signIn: (text: string) => ReactNode }) {
  // Every namespace the mall and the record parts it reuses show, asked for together: one wait, not a chain.
  const { t } = useTranslation(['points', 'records', 'common', 'errors']);
  const account = useMallAccount();
  const [tab, setTab] = useState<MallTab>('redeem');
  const memberSignIn = signIn(t('points:header.signInHint'));
  return (
    <div className="points-mall">
      <PointsHeader account={account} signIn={memberSignIn} />
      <FormTabs<MallTab> label={t('points:tabs.label')} tabs={TABS.map((id) => ({ id, label: t(`points:tabs.${id}`) }))} selected={tab} onSelect={setTab} />
      <div className="points-mall__panel" role="tabpanel" aria-label={t(`points:tabs.${tab}`)}>
        {tab === 'redeem' && <GoodsGrid account={account} signIn={signIn(t('points:goods.signInHint'))} onShowHistory={() => setTab('history')} />}
        {tab === 'history' && (
          <MemberOnly account={account} signIn={memberSignIn}>
            <RedeemHistory />
          </MemberOnly>
        )}
        {tab === 'details' && (
          <MemberOnly account={account} signIn={memberSignIn}>
            <PointsDetails />
          </MemberOnly>
        )}
        {tab === 'rules' && <PointsRulesPanel account={account} signIn={signIn(t('points:header.signInHint'))} />}
      </div>
    </div>
  );
}
