import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RedEnvelopeCampaign } from '@shared/contract/red-envelopes';
import { FormAlert } from '@client/components/form';
import { SafeHtml } from '@client/components/safe-html';
import { formatDateTime } from '@client/lib/format';
import { formatMoney } from '@client/lib/money';
import { usePopups, useSessionInfo } from '@client/state/app-actor';
import { useGrabRedEnvelope } from '../hooks/use-red-envelopes';

const TONE: Record<RedEnvelopeCampaign['status'], 'success' | 'pending' | 'neutral'> = {
  OPEN: 'success',
  GRABBED: 'success',
  NOT_ELIGIBLE: 'pending',
  COMING_SOON: 'pending',
  SOLD_OUT: 'neutral',
  CLOSED: 'neutral',
};

/**
 * One red envelope campaign (MEMBER-15): its period and envelopes left, the caller's state in it
 * (what a deposit still needs, what the envelope held), its rules, and the one thing to do: open
 * an envelope (a guest is asked to log in, a trial account is told it is for real accounts).
 */
export function RedEnvelopeCard({ campaign, as: Tag = 'li' }: { campaign: RedEnvelopeCampaign; as?: 'li' | 'div' }) {
  const { t, i18n } = useTranslation(['red-envelopes', 'errors']);
  const { status: session } = useSessionInfo();
  const popups = usePopups();
  const grab = useGrabRedEnvelope();
  const [rulesOpen, setRulesOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);

  const open = () => {
    setNotice(null);
    setFailure(null);
    grab.mutate(
      { campaignId: campaign.campaignId },
      { onSuccess: (reply) => setNotice(t('red-envelopes:credited', { amount: money(reply.amount) })), onError: (error) => setFailure(t(`errors:${error.code}`)) },
    );
  };

  return (
    <Tag className="envelope-card card" data-testid={`red-envelope-${campaign.campaignId}`}>
      <h3 className="envelope-card__title">{campaign.title}</h3>
      <p className="chip-row">
        <span className={`status-tag status-tag--${TONE[campaign.status]}`}>{t(`red-envelopes:status.${campaign.status}`)}</span>
        <span className="tag">{t('red-envelopes:left', { remaining: campaign.remainingCount, count: campaign.envelopeCount })}</span>
      </p>
      <p className="form-field__hint">{t('red-envelopes:period', { start: formatDateTime(campaign.startTime), end: formatDateTime(campaign.endTime) })}</p>
      {campaign.status === 'NOT_ELIGIBLE' && (
        <p>{t('red-envelopes:depositNeeded', { minDeposit: money(campaign.minDeposit), deposited: money(campaign.deposited ?? 0) })}</p>
      )}
      {campaign.status === 'COMING_SOON' && <p>{t('red-envelopes:opensAt', { start: formatDateTime(campaign.startTime) })}</p>}
      <div aria-live="polite">
        {notice && <FormAlert tone="info">{notice}</FormAlert>}
        {!notice && campaign.grabbed && <p>{t('red-envelopes:got', { amount: money(campaign.grabbed.amount) })}</p>}
        {failure && <FormAlert>{failure}</FormAlert>}
      </div>
      <div className="money-form__actions">
        {campaign.status === 'OPEN' && session === 'loggedIn' && (
          <button type="button" className="button button--primary button--compact" disabled={grab.isPending} onClick={open}>
            {t('red-envelopes:open')}
          </button>
        )}
        {campaign.status === 'OPEN' && session === 'loggedOut' && (
          <button type="button" className="button button--primary button--compact" onClick={() => popups.open('loginPopupModal')}>
            {t('red-envelopes:logInToOpen')}
          </button>
        )}
        {campaign.rules && (
          <button type="button" className="button button--outline button--compact" aria-expanded={rulesOpen} onClick={() => setRulesOpen(!rulesOpen)}>
            {rulesOpen ? t('red-envelopes:hideRules') : t('red-envelopes:rules')}
          </button>
        )}
      </div>
      {campaign.status === 'OPEN' && session === 'trial' && <p className="form-field__hint">{t('red-envelopes:realAccountsOnly')}</p>}
      {rulesOpen && <SafeHtml html={campaign.rules} className="rich-text" />}
    </Tag>
  );
}
