import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { Amount } from '@client/components/amount';
import { Modal } from '@client/components/modal';
import { QueryStates } from '@client/components/records/query-states';
import { StatusTag } from '@client/components/records/status-tag';
import { formatDateTime } from '@client/lib/format';
import { useBalance } from '@client/state/app-actor';
import { useDownlineTransfer } from '../hooks/use-transfers';
import { DownlineContracts } from './downline-contracts';
import { TransferForm } from './transfer-form';

/**
 * One member of the downline (AGENT-09): profile, balance, last login and totals, the contracts the
 * agent gave it with an offer of a new one (a direct member, AGENT-14..18), and a transfer to it (AGENT-12).
 */
export function DownlineMemberDialog({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation(['agent', 'common']);
  const detail = useApiQuery('agentDownlineMember', { query: { memberId } });
  const { balance } = useBalance();
  const send = useDownlineTransfer(memberId);
  return (
    <Modal title={detail.data?.account ?? t('agent:downline.member')} closeLabel={t('common:actions.close')} onClose={onClose} size="large">
      <QueryStates query={detail}>
        {(member) => (
          <div className="downline-member">
            <dl className="summary-list downline-member__profile" aria-label={t('agent:downline.profile')}>
              <div>
                <dt>{t('agent:columns.account')}</dt>
                <dd>{member.account}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.nickname')}</dt>
                <dd>{member.nickname || '—'}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.kind')}</dt>
                <dd>{t(`agent:kinds.${member.kind}`)}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.level')}</dt>
                <dd>{member.level}</dd>
              </div>
              <div>
                <dt>{t('agent:downline.path')}</dt>
                <dd>{member.path.length > 0 ? member.path.map((p) => p.account).join(' › ') : t('agent:downline.you')}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.status')}</dt>
                <dd>
                  <StatusTag tone={member.status === 'ACTIVE' ? 'success' : 'danger'} label={t(`agent:statuses.${member.status}`)} />
                </dd>
              </div>
              <div>
                <dt>{t('agent:columns.balance')}</dt>
                <dd>
                  <Amount value={member.balance} />
                </dd>
              </div>
              <div>
                <dt>{t('agent:columns.lastLogin')}</dt>
                <dd>{formatDateTime(member.lastLoginAt)}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.registeredAt')}</dt>
                <dd>{formatDateTime(member.registeredAt)}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.mobile')}</dt>
                <dd>{member.mobileNum ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.email')}</dt>
                <dd>{member.email ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('agent:columns.team')}</dt>
                <dd>{t('agent:downline.teamOf', { direct: member.directMembers, all: member.teamSize })}</dd>
              </div>
            </dl>
            <h3 className="agent-card__title">{t('agent:downline.totals')}</h3>
            <dl className="summary-list summary-list--figures" aria-label={t('agent:downline.totals')}>
              {(
                [
                  ['deposits', member.totals.deposits],
                  ['withdrawals', member.totals.withdrawals],
                  ['validBets', member.totals.validBets],
                  ['profitLoss', member.totals.profitLoss],
                  ['transfersIn', member.totals.transfersIn],
                  ['transfersOut', member.totals.transfersOut],
                ] as const
              ).map(([id, value]) => (
                <div key={id}>
                  <dt>{t(`agent:downline.totalFigures.${id}`)}</dt>
                  <dd>
                    <Amount value={value} signed={id === 'profitLoss'} />
                  </dd>
                </div>
              ))}
              <div>
                <dt>{t('agent:downline.totalFigures.betCount')}</dt>
                <dd>{member.totals.betCount}</dd>
              </div>
            </dl>
            {member.level === 1 && <DownlineContracts member={member} />}
            {member.status === 'ACTIVE' && (
              <TransferForm
                titleId="downline-transfer-title"
                title={t('agent:transfer.toMemberTitle')}
                recipient={member.nickname ? `${member.account} (${member.nickname})` : member.account}
                balance={balance}
                send={send}
              />
            )}
          </div>
        )}
      </QueryStates>
    </Modal>
  );
}
