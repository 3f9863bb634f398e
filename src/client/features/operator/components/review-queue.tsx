import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Image } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Modal } from '@client/components/modal';
import { OrderSummary } from './order-summary';
import { ActionDialog, OpsTable, Pager, QueryView, type OpsColumn } from './ops-ui';
import { TextActionDialog } from './text-action-dialog';

/** The contract's own schema for the text an answer carries (a note, a reason, a reference). */
type TextSchema = z.ZodType<string | undefined>;

interface ReviewAnswer<T> {
  /** Which rows offer it. */
  when: (row: T) => boolean;
  /** The dialog's title. */
  title: string;
  /** Shown under the dialog's text box. */
  hint?: string;
}

/** Approving: with an optional note, or (no `note` schema) a plain confirmation. */
export interface ReviewApproval<T> extends ReviewAnswer<T> {
  note?: TextSchema;
  run: (row: T, note: string | undefined) => Promise<unknown>;
}

/** Rejecting, with a required reason. */
export interface ReviewRejection<T> extends ReviewAnswer<T> {
  reason: TextSchema;
  run: (row: T, reason: string) => Promise<unknown>;
}

/** An answer besides approve and reject (a withdrawal's disburse), carrying one optional text. */
export interface ReviewStep<T> extends ReviewAnswer<T> {
  /** The row's button and the dialog's confirmation. */
  label: string;
  /** The text box's label. */
  textLabel: string;
  text: TextSchema;
  run: (row: T, text: string | undefined) => Promise<unknown>;
}

/** The images a player sent with a queued item (a withdrawal's proof, an application's pictures). */
export interface ReviewImages<T> {
  ids: (row: T) => readonly number[];
  /** The row's button, by how many there are. */
  buttonLabel: (count: number) => string;
  title: (row: T) => string;
  /** The player's words sent with them. */
  text: (row: T) => string | null | undefined;
  /** Each image's text alternative, numbered from 1. */
  alt: (n: number) => string;
  /** Reads one image. */
  useImage: (id: number) => UseQueryResult<{ contentType: string; data: string }, unknown>;
}

/** A column of the queue; `{ label, images: true }` puts the images button in a column of its own, otherwise it sits with the row's actions. */
export type ReviewColumn<T> = OpsColumn<T> | { label: string; images: true };

export interface ReviewPage<T> {
  list: readonly T[];
  pageNum: number;
  totalPages: number;
}

export interface ReviewQueueProps<T> {
  /** The table's name for screen readers. */
  caption: string;
  query: UseQueryResult<ReviewPage<T>, unknown>;
  onPage: (page: number) => void;
  rowKey: (row: T) => string | number;
  /** The columns before the actions column, which the queue adds. */
  columns: readonly ReviewColumn<T>[];
  /** What a dialog is about, as label–value rows at its top. */
  summary: (row: T) => readonly (readonly [string, ReactNode])[];
  approve: ReviewApproval<T>;
  reject: ReviewRejection<T>;
  /** Further answers, offered between approve and reject. */
  steps?: readonly ReviewStep<T>[];
  images?: ReviewImages<T>;
}

type Dialog<T> = { kind: 'approve' | 'reject' | 'images'; row: T } | { kind: 'step'; step: ReviewStep<T>; row: T };

function ReviewImage<T>({ images, id, index }: { images: ReviewImages<T>; id: number; index: number }) {
  const { useImage } = images;
  const image = useImage(id);
  return (
    <figure className="ops-proof">
      <QueryView query={image}>
        {(file) => (
          <a href={`data:${file.contentType};base64,${file.data}`} target="_blank" rel="noreferrer">
            <img src={`data:${file.contentType};base64,${file.data}`} alt={images.alt(index + 1)} />
          </a>
        )}
      </QueryView>
      <figcaption>{images.alt(index + 1)}</figcaption>
    </figure>
  );
}

/** The player's comment and the images sent with a queued item. */
function ReviewImagesDialog<T>({ images, row, onClose }: { images: ReviewImages<T>; row: T; onClose: () => void }) {
  const { t } = useTranslation('common');
  const text = images.text(row);
  return (
    <Modal title={images.title(row)} closeLabel={t('actions.close')} onClose={onClose} size="large" layer={50}>
      {text && <p className="ops-dialog__text">{text}</p>}
      <div className="ops-proofs">
        {images.ids(row).map((id, index) => (
          <ReviewImage key={id} images={images} id={id} index={index} />
        ))}
      </div>
    </Modal>
  );
}

function ImagesButton<T>({ images, row, onOpen }: { images: ReviewImages<T>; row: T; onOpen: () => void }) {
  const count = images.ids(row).length;
  if (count === 0) return null;
  return (
    <button type="button" className="button button--ghost button--compact" onClick={onOpen}>
      <Image aria-hidden size={16} />
      {images.buttonLabel(count)}
    </button>
  );
}

/**
 * A review queue: a page of queued items as a table whose rows offer approve and reject (and any
 * further steps, and the images the player sent), each answer asked for in its dialog. The page
 * keeps its own toolbar (filters, refresh) above it.
 */
export function ReviewQueue<T>({ caption, query, onPage, rowKey, columns, summary, approve, reject, steps = [], images }: ReviewQueueProps<T>) {
  const { t } = useTranslation('operator');
  const [dialog, setDialog] = useState<Dialog<T> | null>(null);
  const close = () => setDialog(null);
  const imagesInColumn = columns.some((column) => 'images' in column);

  const rowActions = (row: T) => {
    const offered = [approve.when(row), ...steps.map((step) => step.when(row)), reject.when(row), images && !imagesInColumn && images.ids(row).length > 0];
    if (!offered.some(Boolean)) return null;
    return (
      <div className="ops-row-actions">
        {approve.when(row) && (
          <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'approve', row })}>
            {t('actions.approve')}
          </button>
        )}
        {steps.map(
          (step) =>
            step.when(row) && (
              <button key={step.label} type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'step', step, row })}>
                {step.label}
              </button>
            ),
        )}
        {reject.when(row) && (
          <button type="button" className="button button--outline button--compact" onClick={() => setDialog({ kind: 'reject', row })}>
            {t('actions.reject')}
          </button>
        )}
        {images && !imagesInColumn && <ImagesButton images={images} row={row} onOpen={() => setDialog({ kind: 'images', row })} />}
      </div>
    );
  };

  const tableColumns: OpsColumn<T>[] = [
    ...columns.map((column): OpsColumn<T> =>
      'images' in column ? { label: column.label, render: (row) => images && <ImagesButton images={images} row={row} onOpen={() => setDialog({ kind: 'images', row })} /> } : column,
    ),
    { label: t('list.actions'), render: rowActions },
  ];

  const about = (row: T) => <OrderSummary rows={summary(row)} />;

  return (
    <>
      <QueryView query={query}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="ops-empty">{t('list.empty')}</p>
          ) : (
            <>
              <OpsTable caption={caption} rows={page.list} rowKey={rowKey} columns={tableColumns} />
              <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={onPage} />
            </>
          )
        }
      </QueryView>

      {dialog?.kind === 'approve' &&
        (approve.note ? (
          <TextActionDialog
            title={approve.title}
            confirmLabel={t('actions.approve')}
            summary={about(dialog.row)}
            label={t('fields.note')}
            hint={approve.hint}
            schema={approve.note}
            invalidMessage={t('fields.tooLong')}
            run={(note) => approve.run(dialog.row, note)}
            onClose={close}
          />
        ) : (
          <ActionDialog title={approve.title} confirmLabel={t('actions.approve')} run={() => approve.run(dialog.row, undefined)} onClose={close}>
            {about(dialog.row)}
          </ActionDialog>
        ))}
      {dialog?.kind === 'step' && (
        <TextActionDialog
          title={dialog.step.title}
          confirmLabel={dialog.step.label}
          summary={about(dialog.row)}
          label={dialog.step.textLabel}
          hint={dialog.step.hint}
          schema={dialog.step.text}
          invalidMessage={t('fields.tooLong')}
          run={(text) => dialog.step.run(dialog.row, text)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'reject' && (
        <TextActionDialog
          title={reject.title}
          confirmLabel={t('actions.reject')}
          tone="danger"
          summary={about(dialog.row)}
          label={t('fields.reason')}
          hint={reject.hint}
          schema={reject.reason}
          invalidMessage={t('fields.reasonInvalid')}
          run={(reason) => reject.run(dialog.row, reason ?? '')}
          onClose={close}
        />
      )}
      {dialog?.kind === 'images' && images && <ReviewImagesDialog images={images} row={dialog.row} onClose={close} />}
    </>
  );
}
