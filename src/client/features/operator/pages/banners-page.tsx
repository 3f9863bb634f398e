import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BANNER_GROUPS, BANNER_LINKAGE_TYPES, type Banner } from '@shared/contract/system';
import { PublishBannerRequest } from '@shared/contract/operator-money';
import { useImageUrl } from '@client/state/app-actor';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, QueryView } from '../components/ops-ui';
import { OrderSummary } from '../components/order-summary';
import { useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

type Group = (typeof BANNER_GROUPS)[number];
type Linkage = (typeof BANNER_LINKAGE_TYPES)[number];

function PublishBannerDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(
    { groupName: group, url: '', linkageType: 'NONE' as Linkage, linkTarget: '', title: '' },
    {
      schema: PublishBannerRequest,
      toRequest: (d) => ({ ...d, linkTarget: d.linkageType === 'NONE' ? null : d.linkTarget.trim() || null }),
      check: (_, d) => (d.linkageType !== 'NONE' && !d.linkTarget.trim() ? { linkTarget: t('fields.required') } : {}),
    },
  );
  const linkage = draft.linkageType;

  return (
    <ActionDialog
      title={t('banners.newTitle')}
      confirmLabel={t('banners.publish')}
      size="medium"
      validate={validate}
      run={() => act('opsPublishBanner', { body: request() })}
      onClose={onClose}
    >
      <Field label={t('banners.group')}>
        {(control) => (
          <select {...control} className="select ops-select" value={draft.groupName} onChange={(e) => set('groupName', e.target.value as Group)}>
            {BANNER_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`banners.groups.${g}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('banners.image')} error={errors.url} hint={t('banners.imageHint')}>
        {(control) => <input {...control} className="ops-input" value={draft.url} onChange={(e) => set('url', e.target.value)} />}
      </Field>
      <Field label={t('banners.titleField')} error={errors.title} hint={t('fields.optional')}>
        {(control) => <input {...control} className="ops-input" value={draft.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <Field label={t('banners.linkage')}>
        {(control) => (
          <select {...control} className="select ops-select" value={draft.linkageType} onChange={(e) => set('linkageType', e.target.value as Linkage)}>
            {BANNER_LINKAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`banners.linkages.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {linkage !== 'NONE' && (
        <Field label={t('banners.target')} error={errors.linkTarget} hint={t(`banners.targetHints.${linkage}`)}>
          {(control) => <input {...control} className="ops-input" value={draft.linkTarget} onChange={(e) => set('linkTarget', e.target.value)} />}
        </Field>
      )}
    </ActionDialog>
  );
}

type Dialog = { kind: 'publish'; group: Group } | { kind: 'remove'; banner: Banner } | null;

/** Banners by group (w_home carousel, w_leftmenu side menu, w_reg login popup): publish and take down. */
export function BannersPage() {
  const { t } = useTranslation('operator');
  const imageUrl = useImageUrl();
  const act = useOpsAction();
  // The banners visitors see now come from the public announcements call (no operator list exists).
  const published = useOpsQuery('announcements');
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <p className="ops-toolbar__text">{t('banners.intro')}</p>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void published.refetch()} busy={published.isFetching} />
          <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'publish', group: 'w_home' })}>
            <Plus aria-hidden size={16} />
            {t('banners.new')}
          </button>
        </div>
      </div>
      <QueryView query={published}>
        {({ banners }) => (
          <>
            {BANNER_GROUPS.map((group) => {
              const inGroup = banners.filter((b) => b.groupName === group);
              return (
                <section key={group} className="ops-card" aria-labelledby={`ops-banners-${group}`}>
                  <div className="ops-card__head">
                    <h2 id={`ops-banners-${group}`} className="ops-card__title">
                      {t(`banners.groups.${group}`)} <span className="tag tag--muted">{group}</span>
                    </h2>
                    <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'publish', group })}>
                      <Plus aria-hidden size={16} />
                      {t('banners.addTo')}
                    </button>
                  </div>
                  {inGroup.length === 0 ? (
                    <p className="ops-empty">{t('banners.none')}</p>
                  ) : (
                    <ul className="ops-banners">
                      {inGroup.map((banner) => (
                        <li key={banner.id} className="ops-banner">
                          <img src={imageUrl(banner.url)} alt={banner.title || t('banners.untitled')} loading="lazy" />
                          <div className="ops-banner__info">
                            <p className="ops-banner__title">{banner.title || t('banners.untitled')}</p>
                            <p className="ops-sub">
                              {t(`banners.linkages.${banner.linkageType}`)}
                              {banner.linkTarget && ` · ${banner.linkTarget}`}
                            </p>
                          </div>
                          <button type="button" className="button button--outline button--compact" onClick={() => setDialog({ kind: 'remove', banner })}>
                            {t('banners.remove')}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </>
        )}
      </QueryView>

      {dialog?.kind === 'publish' && <PublishBannerDialog group={dialog.group} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remove' && (
        <ActionDialog
          title={t('banners.removeTitle')}
          confirmLabel={t('banners.remove')}
          tone="danger"
          run={() => act('opsRemoveBanner', { query: { id: dialog.banner.id } })}
          onClose={() => setDialog(null)}
        >
          <OrderSummary
            rows={[
              [t('banners.group'), t(`banners.groups.${dialog.banner.groupName}`)],
              [t('banners.titleField'), dialog.banner.title || t('banners.untitled')],
            ]}
          />
        </ActionDialog>
      )}
    </div>
  );
}
