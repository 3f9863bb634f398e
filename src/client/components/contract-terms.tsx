import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@shared/contract/contracts';
import type en from '@locales/en/agent.json';
import { Amount } from '@client/components/amount';
import { formatDateTime } from '@client/lib/format';

type Field = keyof (typeof en)['contracts']['fields'];

/** A rate as the spec writes it: a percent with 2 places. */
export function Rate({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <span className="amount">{new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} %</span>;
}

/** The tiers of a dividend, daily or hourly salary contract, one row each, with the spec's fields. */
function TierTable({ contract }: { contract: Exclude<Contract, { kind: 'REALTIME' }> }) {
  const { t } = useTranslation('agent');
  const head = (key: Field) => <th scope="col">{t(`contracts.fields.${key}`)}</th>;
  return (
    <div className="record-table-wrap">
    <table className="record-table contract-tiers">
      <caption>{t('contracts.tiers')}</caption>
      <thead>
        <tr>
          {contract.kind === 'DIVIDEND' && (
            <>
              {head('periodValidBet')}
              {head('periodProfitLoss')}
              {head('activeMemberCount')}
            </>
          )}
          {contract.kind === 'DAILY' && head('dailyBetAmount')}
          {contract.kind === 'HOURLY' && head('hourlyBetAmount')}
          {head('rate')}
        </tr>
      </thead>
      <tbody>
        {contract.kind === 'DIVIDEND' &&
          contract.tiers.map((tier, i) => (
            <tr key={i}>
              <td><Amount value={tier.periodValidBet} /></td>
              <td><Amount value={tier.periodProfitLoss} /></td>
              <td>{tier.activeMemberCount}</td>
              <td><Rate value={tier.rate} /></td>
            </tr>
          ))}
        {contract.kind === 'DAILY' &&
          contract.tiers.map((tier, i) => (
            <tr key={i}>
              <td><Amount value={tier.dailyBetAmount} /></td>
              <td><Rate value={tier.rate} /></td>
            </tr>
          ))}
        {contract.kind === 'HOURLY' &&
          contract.tiers.map((tier, i) => (
            <tr key={i}>
              <td><Amount value={tier.hourlyBetAmount} /></td>
              <td><Rate value={tier.rate} /></td>
            </tr>
          ))}
      </tbody>
    </table>
    </div>
  );
}

/**
 * A contract's parties, state and terms as the spec names them (section 3): the offerer and who
 * pays, the dividend's period, the salaries' tiers, the real-time salary's rates and single bet amount.
 */
export function ContractTerms({ contract }: { contract: Contract }) {
  const { t } = useTranslation('agent');
  const row = (key: Field, value: ReactNode) => (
    <div className="contract-terms__row" key={key}>
      <dt>{t(`contracts.fields.${key}`)}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="contract-terms">
      <dl className="contract-terms__list">
        {row('kind', t(`contracts.kinds.${contract.kind}`))}
        {row('status', t(`contracts.statuses.${contract.status}`))}
        {row('offerer', contract.uplineAccount ?? t('contracts.platform'))}
        {row('holder', contract.downlineAccount)}
        {row('payer', t(`contracts.payers.${contract.payer}`))}
        {contract.kind === 'DIVIDEND' && row('period', t(`contracts.periods.${contract.period}`))}
        {contract.kind === 'HOURLY' && row('requiredActiveMembers', contract.activeMemberCount)}
        {contract.kind === 'REALTIME' && (
          <>
            {row('profitRate', <Rate value={contract.profitRate} />)}
            {row('lossRate', <Rate value={contract.lossRate} />)}
            {row('singleBetAmount', <Amount value={contract.singleBetAmount} />)}
          </>
        )}
        {contract.validFrom && row('validFrom', formatDateTime(contract.validFrom))}
        {contract.answerBy && row('answerBy', formatDateTime(contract.answerBy))}
      </dl>
      {contract.kind !== 'REALTIME' && <TierTable contract={contract} />}
    </div>
  );
}
