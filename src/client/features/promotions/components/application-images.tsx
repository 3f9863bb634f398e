import { useTranslation } from 'react-i18next';
import { UploadedImage } from '@client/components/uploaded-image';
import { useApiQuery } from '@client/state/queries';

function ApplicationImage({ imageId, label }: { imageId: number; label: string }) {
  return <UploadedImage image={useApiQuery('promotionImage', { query: { imageId } })} label={label} />;
}

/** The images the player sent with an application, as the operators see them (MEMBER-12). */
export function ApplicationImages({ imageIds }: { imageIds: readonly number[] }) {
  const { t } = useTranslation('promotions');
  if (imageIds.length === 0) return null;
  return (
    <ul className="proof-gallery" aria-label={t('apply.sentImages')}>
      {imageIds.map((imageId, index) => (
        <li key={imageId}>
          <ApplicationImage imageId={imageId} label={t('apply.sentImage', { number: index + 1 })} />
        </li>
      ))}
    </ul>
  );
}
