import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_PERIODS, type ContractPeriod } from '@shared/contract/contracts';
import { TIER_FIELDS, canAddTier, type DraftProblems, type OfferDraft, type TierField, type TieredKind } from '@client/lib/contract-offer-draft';
import { TextField, SelectField } from './form';
import './contracts.css';

const DECIMAL = { inputMode: 'decimal', autoComplete: 'off' } as const;

/**
 * The terms of a contract offer, by kind (AGENT-15..17): a dividend's period and tiers of period
 * valid bet, period loss, active members and rate; the salaries' tiers of bet amount and rate (and
 * the hourly salary's active members); the real-time salary's profit rate, loss rate and single bet
 * amount. Tiers can be added (up to the contract's limit) and removed. Used by the agent's offer to
 * its direct member and by the operator's offer to a top-level agent.
 */
export function ContractOfferFields({ draft, problems, onChange }: { draft: OfferDraft; problems: DraftProblems; onChange: (draft: OfferDraft) => void }) {
  const { t } = useTranslation('agent');
  const problem = (path: string) => (problems[path] ? t(`contracts.offer.errors.${problems[path]}`) : null);
  const percent = (field: 'rate' | 'profitRate' | 'lossRate') => t('contracts.offer.percent', { field: t(`contracts.fields.${field}`) });
  const setTier = (index: number, field: TierField, value: string) => onChange({ ...draft, tiers: draft.tiers.map((tier, i) => (i === index ? { ...tier, [field]: value } : tier)) });
  const tiered = draft.kind !== 'REALTIME' ? (draft.kind as TieredKind) : null;
  return (
    <>
      {draft.kind === 'DIVIDEND' && (
        <SelectField label={t('contracts.fields.period')} value={draft.period} onChange={(e) => onChange({ ...draft, period: e.target.value as ContractPeriod })}>
          {CONTRACT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`contracts.periods.${period}`)}
            </option>
          ))}
        </SelectField>
      )}
      {draft.kind === 'HOURLY' && (
        <TextField
          label={t('contracts.fields.requiredActiveMembers')}
          inputMode="numeric"
          value={draft.activeMemberCount}
          onChange={(e) => onChange({ ...draft, activeMemberCount: e.target.value })}
          error={problem('activeMemberCount')}
          required
        />
      )}
      {draft.kind === 'REALTIME' && (
        <div className="contract-offer__terms">
          <TextField label={percent('profitRate')} {...DECIMAL} value={draft.profitRate} onChange={(e) => onChange({ ...draft, profitRate: e.target.value })} error={problem('profitRate')} required />
          <TextField label={percent('lossRate')} {...DECIMAL} value={draft.lossRate} onChange={(e) => onChange({ ...draft, lossRate: e.target.value })} error={problem('lossRate')} required />
          <TextField label={t('contracts.fields.singleBetAmount')} {...DECIMAL} value={draft.singleBetAmount} onChange={(e) => onChange({ ...draft, singleBetAmount: e.target.value })} error={problem('singleBetAmount')} required />
        </div>
      )}
      {tiered &&
        draft.tiers.map((tier, i) => (
          <fieldset key={i} className="contract-offer__tier">
            <legend>{t('contracts.offer.tier', { number: i + 1 })}</legend>
            {problem(`tiers.${i}`) && <p className="form-field__error">{problem(`tiers.${i}`)}</p>}
            <div className="contract-offer__terms">
              {TIER_FIELDS[tiered].map((field) => (
                <TextField
                  key={field}
                  label={field === 'rate' ? percent('rate') : t(`contracts.fields.${field}`)}
                  {...DECIMAL}
                  inputMode={field === 'activeMemberCount' ? 'numeric' : 'decimal'}
                  value={tier[field] ?? ''}
                  onChange={(e) => setTier(i, field, e.target.value)}
                  error={problem(`tiers.${i}.${field}`)}
                  required
                />
              ))}
            </div>
            {draft.tiers.length > 1 && (
              <button type="button" className="button button--ghost button--compact" onClick={() => onChange({ ...draft, tiers: draft.tiers.filter((_, j) => j !== i) })}>
                <Trash2 aria-hidden size={16} />
                {t('contracts.offer.removeTier', { number: i + 1 })}
              </button>
            )}
          </fieldset>
        ))}
      {canAddTier(draft) && (
        <button type="button" className="button button--outline contract-offer__add" onClick={() => onChange({ ...draft, tiers: [...draft.tiers, {}] })}>
          <Plus aria-hidden size={16} />
          {t('contracts.offer.addTier')}
        </button>
      )}
    </>
  );
}
