import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toErrorCode, type ApiErrorCode } from '@shared/contract/errors';
import { RegionBlockInput, type RegionBlock } from '@shared/contract/operator';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsError, OpsTable, QueryView } from '../components/ops-ui';
import { OrderSummary } from '../components/order-summary';
import { formatDateTime } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

type Kind = RegionBlock['kind'];

/** Adds a block of an IP range (CIDR) or a country; the value is checked with the contract's schema first. */
function AddRegionBlock() {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const [kind, setKind] = useState<Kind>('cidr');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<'value' | 'note' | null>(null);
  const [error, setError] = useState<ApiErrorCode | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = RegionBlockInput.safeParse({ kind, value: value.trim(), note });
    setError(null);
    if (!parsed.success) {
      setInvalid(parsed.error.issues.some((issue) => issue.path[0] === 'value') ? 'value' : 'note');
      return;
    }
    setInvalid(null);
    setBusy(true);
    try {
      await act('opsAddRegionBlock', { body: parsed.data });
      setValue('');
      setNote('');
    } catch (failure) {
      setError(toErrorCode(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ops-card" aria-labelledby="ops-add-block-title">
      <h2 id="ops-add-block-title" className="ops-card__title">
        {t('regions.add')}
      </h2>
      <form className="ops-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="ops-segmented" role="radiogroup" aria-label={t('regions.kind')}>
          {(['cidr', 'country'] as const).map((option) => (
            <label key={option} className="ops-segmented__option">
              <input
                type="radio"
                name="region-kind"
                value={option}
                checked={kind === option}
                onChange={() => {
                  // A range and a country code share no format: start the value afresh.
                  setKind(option);
                  setValue('');
                  setInvalid(null);
                }}
              />
              <span>{t(`regions.kinds.${option}`)}</span>
            </label>
          ))}
        </div>
        <div className="ops-form__grid">
          <Field label={t(`regions.values.${kind}`)} hint={t(`regions.hints.${kind}`)} error={invalid === 'value' ? t(`regions.invalid.${kind}`) : null}>
            {(control) => <input {...control} className="ops-input ops-mono" value={value} onChange={(e) => setValue(e.target.value)} />}
          </Field>
          <Field label={t('regions.note')} hint={t('fields.optional')} error={invalid === 'note' ? t('fields.tooLong') : null}>
            {(control) => <input {...control} className="ops-input" value={note} onChange={(e) => setNote(e.target.value)} />}
          </Field>
        </div>
        {error && <OpsError code={error} />}
        <div className="ops-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            <Plus aria-hidden size={16} />
            {t('regions.block')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Region blocks: visitors from these ranges and countries see the region-blocked page. */
export function RegionBlocksPage() {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const blocks = useOpsQuery('opsRegionBlocks');
  const [removing, setRemoving] = useState<RegionBlock | null>(null);

  return (
    <div className="ops-page">
      <AddRegionBlock />
      <section className="ops-card" aria-labelledby="ops-blocks-title">
        <div className="ops-card__head">
          <h2 id="ops-blocks-title" className="ops-card__title">
            {t('regions.list')}
          </h2>
          <RefreshButton onRefresh={() => void blocks.refetch()} busy={blocks.isFetching} />
        </div>
        <QueryView query={blocks}>
          {(list) =>
            list.length === 0 ? (
              <p className="ops-empty">{t('regions.none')}</p>
            ) : (
              <OpsTable
                caption={t('regions.list')}
                rows={list}
                rowKey={(block) => block.id}
                columns={[
                  { label: t('regions.kind'), render: (block) => <span className="tag tag--muted">{t(`regions.kinds.${block.kind}`)}</span> },
                  { label: t('regions.value'), className: 'ops-mono', render: (block) => block.value },
                  { label: t('regions.note'), render: (block) => block.note || '—' },
                  { label: t('list.time'), className: 'ops-nowrap', render: (block) => formatDateTime(block.createdAt) },
                  {
                    label: t('list.actions'),
                    render: (block) => (
                      <button type="button" className="button button--outline button--compact" onClick={() => setRemoving(block)}>
                        {t('regions.remove')}
                      </button>
                    ),
                  },
                ]}
              />
            )
          }
        </QueryView>
      </section>

      {removing && (
        <ActionDialog
          title={t('regions.removeTitle')}
          confirmLabel={t('regions.remove')}
          tone="danger"
          run={() => act('opsRemoveRegionBlock', { query: { id: removing.id } })}
          onClose={() => setRemoving(null)}
        >
          <OrderSummary
            rows={[
              [t('regions.kind'), t(`regions.kinds.${removing.kind}`)],
              [t('regions.value'), removing.value],
            ]}
          />
          <p className="ops-dialog__text">{t('regions.removeText')}</p>
        </ActionDialog>
      )}
    </div>
  );
}
