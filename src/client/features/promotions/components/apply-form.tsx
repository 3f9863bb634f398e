import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, X } from 'lucide-react';
import { screenProofs } from '@machines/wallet/withdrawal-confirmation.machine';
import { PROOF_TYPES, type ProofCandidate, type ProofRejection } from '@machines/wallet/withdrawal-confirmation.types';
import { APPLICATION_COMMENT_MAX, APPLICATION_IMAGE_MAX_BYTES, APPLICATION_IMAGE_MAX_COUNT, type Promotion } from '@shared/contract/promotions';
import { FormAlert } from '@client/components/form';
import { Modal } from '@client/components/modal';
import { useApplyForPromotion } from '../hooks/use-promotion-actions';
import { readAsBase64 } from '@client/lib/read-as-base64';

const MEGABYTES = APPLICATION_IMAGE_MAX_BYTES / (1024 * 1024);
let imageSequence = 0;
const toCandidate = (file: File): ProofCandidate => ({ id: `image-${++imageSequence}`, name: file.name, type: file.type, size: file.size, source: file });

/**
 * MEMBER-12: the application for a promotion under review: a comment of at most 140 characters
 * (VAL-40) and at most 3 png or jpg images of 5 MB each (VAL-41), screened as the withdrawal proofs
 * are before anything is sent; the server sniffs the bytes again.
 */
export function ApplyForm({ promotion, onDone, onClose }: { promotion: Promotion; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation(['promotions', 'errors']);
  const apply = useApplyForPromotion();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<ProofCandidate[]>([]);
  const [rejections, setRejections] = useState<ProofRejection[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const commentId = useId();
  const tooLong = comment.length > APPLICATION_COMMENT_MAX;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const { accepted, rejections: refused } = screenProofs(images, files.map(toCandidate));
    setImages([...images, ...accepted]);
    setRejections(refused);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    const encoded = await Promise.all(images.map((image) => readAsBase64(image.source as Blob)));
    apply.mutate({ promotionId: promotion.promotionId, comment: comment.trim(), images: encoded }, { onSuccess: onDone });
  };

  return (
    <Modal title={t('promotions:apply.title', { title: promotion.title })} closeLabel={t('promotions:apply.close')} onClose={onClose}>
      <form className="money-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('promotions:apply.title', { title: promotion.title })}>
        {apply.error && <FormAlert>{t(`errors:${apply.error.code}`)}</FormAlert>}
        <div className={tooLong ? 'form-field form-field--invalid' : 'form-field'}>
          <label htmlFor={commentId} className="form-field__label">
            {t('promotions:apply.comment')}
          </label>
          <textarea
            id={commentId}
            className="input"
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${commentId}-hint`}
          />
          <p id={`${commentId}-hint`} className={tooLong ? 'form-field__error' : 'form-field__hint'} role={tooLong ? 'alert' : undefined}>
            {tooLong
              ? t('promotions:apply.commentTooLong', { max: APPLICATION_COMMENT_MAX })
              : t('promotions:apply.commentHint', { count: comment.length, max: APPLICATION_COMMENT_MAX })}
          </p>
        </div>
        <div className="form-field">
          <span className="form-field__label">{t('promotions:apply.images', { max: APPLICATION_IMAGE_MAX_COUNT, megabytes: MEGABYTES })}</span>
          <input ref={fileInput} type="file" hidden multiple accept={PROOF_TYPES.join(',')} onChange={pick} aria-label={t('promotions:apply.pickImages')} />
          <button
            type="button"
            className="button button--outline button--compact"
            onClick={() => fileInput.current?.click()}
            disabled={apply.isPending || images.length >= APPLICATION_IMAGE_MAX_COUNT}
          >
            <ImagePlus size={16} aria-hidden="true" />
            {t('promotions:apply.pickImages')}
          </button>
          {images.length > 0 && (
            <ul className="proof-list" aria-label={t('promotions:apply.pickedImages')}>
              {images.map((image) => (
                <li key={image.id}>
                  {image.name}
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => setImages(images.filter((i) => i.id !== image.id))}
                    aria-label={t('promotions:apply.removeImage', { name: image.name })}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {rejections.map((rejection) => (
            <p key={`${rejection.name}-${rejection.reason}`} className="form-field__error" role="alert">
              {t(`promotions:apply.rejected.${rejection.reason}`, { name: rejection.name, max: APPLICATION_IMAGE_MAX_COUNT, megabytes: MEGABYTES })}
            </p>
          ))}
        </div>
        <div className="money-form__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('promotions:apply.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={apply.isPending || tooLong}>
            {t('promotions:apply.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
